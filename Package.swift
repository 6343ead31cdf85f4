// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, by design: Foundation, Dispatch, the toolchain's test libraries and
// libcurl are all this package builds on.
//
// Platform floors: macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2 are the first releases with
// the Synchronization module (`Mutex`, `Atomic`), which the runtime uses throughout; Swift 6's
// `Task(executorPreference:)`/`TaskExecutor` (the transports' executors) and typed throws in
// `AsyncSequence` need the same releases. Nothing newer is used. On Linux the default transport is
// libcurl's (`CurlTransport`); Apple platforms use URLSession and never link libcurl.

let package = Package(
    name: "google-api-swift",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "GoogleJSON", targets: ["GoogleJSON"]),
        .library(name: "GoogleHTTPTypes", targets: ["GoogleHTTPTypes"]),
        .library(name: "GoogleHTTP", targets: ["GoogleHTTP"]),
        .library(name: "GoogleAuth", targets: ["GoogleAuth"]),
        .library(name: "GoogleAPIRuntime", targets: ["GoogleAPIRuntime"]),
        .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"]),
        .library(name: "GoogleEmulator", targets: ["GoogleEmulator"]),
        .executable(name: "google-api-emulator", targets: ["google-api-emulator"]),
        .executable(name: "google-api-codegen", targets: ["google-api-codegen"]),
        .executable(name: "youtube-live", targets: ["youtube-live"]),
        .executable(name: "drive", targets: ["drive"]),
        .executable(name: "google-api-demo", targets: ["google-api-demo"]),
        .library(name: "GoogleDrive", targets: ["GoogleDrive"]),
        .library(name: "GoogleYouTube", targets: ["GoogleYouTube"]),
        .plugin(name: "GoogleAPICodegenPlugin", targets: ["GoogleAPICodegenPlugin"]),
        .plugin(name: "GenerateGoogleAPISources", targets: ["GenerateGoogleAPISources"]),
    ],
    targets: [
        // MARK: - libcurl
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),

        // MARK: - Runtime
        // The JSON core (parser/tape, JSONValue, encoder, decoder with path-naming errors): Foundation
        // only, at the bottom, shared by the runtime, GoogleAuth, the emulator and the codegen.
        .target(name: "GoogleJSON"),
        // The package's internal base (no product, nothing public but an SPI): locks, system calls,
        // process spawning, digests (SHA-256, MD5), random values, encodings, redaction policy.
        .target(name: "GoogleBase"),
        // HTTP value types (requests, responses, headers, multipart, HTTP heads, the transport
        // protocol and its error): no libcurl, so the server and the emulator do not link it.
        .target(name: "GoogleHTTPTypes", dependencies: ["GoogleBase"]),
        // The transports: libcurl's on Linux only (a conditional dependency, so an app for iPhone
        // never sees libcurl), URLSession's everywhere (FoundationNetworking on Linux).
        .target(
            name: "GoogleHTTP",
            dependencies: ["GoogleBase", "GoogleHTTPTypes", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        .target(name: "LocalHTTPServer", dependencies: ["GoogleBase", "GoogleHTTPTypes"]),
        // RS256 for service account keys: OpenSSL's libcrypto loaded at run time (no header, no link
        // flag), Security.framework on Apple platforms. No libcurl, so the emulator can use it.
        .target(name: "GoogleCrypto"),
        .target(
            name: "GoogleAuth",
            dependencies: ["GoogleBase", "GoogleJSON", "GoogleHTTPTypes", "GoogleHTTP", "LocalHTTPServer", "GoogleCrypto"]),
        .target(name: "GoogleAPIRuntime", dependencies: ["GoogleBase", "GoogleJSON", "GoogleAuth", "GoogleHTTPTypes", "GoogleHTTP"]),

        // MARK: - Emulator
        .target(name: "GoogleEmulator", dependencies: ["GoogleBase", "GoogleJSON", "LocalHTTPServer", "GoogleHTTPTypes", "GoogleCrypto"]),
        .executableTarget(name: "google-api-emulator", dependencies: ["GoogleEmulator"]),

        // MARK: - Codegen
        .target(name: "GoogleAPICodegenKit", dependencies: ["GoogleJSON"], path: "Codegen/Sources/GoogleAPICodegenKit"),
        .executableTarget(
            name: "google-api-codegen",
            dependencies: ["GoogleAPICodegenKit", "GoogleHTTP"],
            path: "Codegen/Sources/google-api-codegen"
        ),
        // What the plugins run: `generate` only, so building a package that uses them builds the
        // generator without the transport (`fetch`, which needs libcurl, stays in google-api-codegen).
        .executableTarget(
            name: "google-api-codegen-generate",
            dependencies: ["GoogleAPICodegenKit"],
            path: "Codegen/Sources/google-api-codegen-generate"
        ),
        .plugin(
            name: "GoogleAPICodegenPlugin",
            capability: .buildTool(),
            dependencies: ["google-api-codegen-generate"]
        ),
        .plugin(
            name: "GenerateGoogleAPISources",
            capability: .command(
                intent: .custom(
                    verb: "generate-google-api-sources",
                    description: "Write generated API wrappers into targets that have a google-api-codegen.json"
                ),
                permissions: [.writeToPackageDirectory(reason: "Writes generated Swift sources into <target>/Generated")]
            ),
            dependencies: ["google-api-codegen-generate"]
        ),

        // MARK: - Generated APIs (sources generated at build time from Specs/)
        .target(
            name: "GoogleDrive",
            dependencies: ["GoogleAPIRuntime"],
            exclude: ["google-api-codegen.json"],
            plugins: ["GoogleAPICodegenPlugin"]
        ),
        .target(
            name: "GoogleYouTube",
            dependencies: ["GoogleAPIRuntime"],
            exclude: ["google-api-codegen.json"],
            plugins: ["GoogleAPICodegenPlugin"]
        ),

        // MARK: - Sample tools
        .target(name: "GoogleCLIKit", dependencies: ["GoogleAuth", "GoogleHTTP", "GoogleAPIRuntime"]),
        .target(name: "YouTubeLiveTool", dependencies: ["GoogleCLIKit", "GoogleYouTube"]),
        .target(name: "DriveTool", dependencies: ["GoogleCLIKit", "GoogleDrive"]),
        .executableTarget(name: "youtube-live", dependencies: ["YouTubeLiveTool"]),
        .executableTarget(name: "drive", dependencies: ["DriveTool"]),
        .executableTarget(
            name: "google-api-demo",
            dependencies: ["YouTubeLiveTool", "DriveTool", "GoogleCLIKit", "GoogleEmulator", "GoogleAPIRuntime", "GoogleHTTP"]
        ),

        // MARK: - Tests
        // Helpers several test targets share (child processes, the exit-test gate, gzip fixtures).
        .target(name: "TestSupport", dependencies: ["GoogleBase", "GoogleHTTPTypes"], path: "Tests/TestSupport"),
        .testTarget(
            name: "GoogleHTTPTests", dependencies: ["GoogleBase", "GoogleHTTP", "LocalHTTPServer", "GoogleEmulator", "TestSupport"]),
        .testTarget(name: "GoogleJSONTests", dependencies: ["GoogleJSON"]),
        // Type-checks README.md's and the DocC articles' Swift blocks against the built modules.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["GoogleDrive", "GoogleYouTube", "GoogleEmulator", "GoogleHTTP", "LocalHTTPServer", "TestSupport"],
            exclude: ["Context"]
        ),
        .testTarget(name: "GoogleCryptoTests", dependencies: ["GoogleCrypto"]),
        .testTarget(name: "GoogleHTTPTypesTests", dependencies: ["GoogleBase", "GoogleHTTPTypes"]),
        .testTarget(name: "LocalHTTPServerTests", dependencies: ["GoogleBase", "LocalHTTPServer", "GoogleHTTP", "TestSupport"]),
        .testTarget(name: "GoogleEmulatorTests", dependencies: ["GoogleEmulator", "GoogleHTTP", "LocalHTTPServer"]),
        .testTarget(
            name: "GoogleAuthTests",
            dependencies: ["GoogleBase", "GoogleAuth", "GoogleHTTPTypes", "GoogleEmulator", "LocalHTTPServer", "TestSupport"]),
        .testTarget(
            name: "GoogleAPIRuntimeTests",
            dependencies: ["GoogleBase", "GoogleAPIRuntime", "GoogleAuth", "GoogleHTTP", "GoogleEmulator", "GoogleCrypto", "TestSupport"]
        ),
        .testTarget(
            name: "GoogleAPICodegenKitTests",
            dependencies: ["GoogleAPICodegenKit"],
            path: "Codegen/Tests/GoogleAPICodegenKitTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GoogleAPICodegenToolTests",
            dependencies: ["google-api-codegen", "google-api-codegen-generate", "LocalHTTPServer", "TestSupport"],
            path: "Codegen/Tests/GoogleAPICodegenToolTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SampleToolTests",
            dependencies: ["youtube-live", "drive", "google-api-emulator", "GoogleEmulator", "GoogleCLIKit", "TestSupport"]
        ),
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "GoogleBase", "GoogleAPIRuntime", "GoogleAuth", "GoogleHTTP", "LocalHTTPServer", "GoogleEmulator", "GoogleAPICodegenKit",
                "GoogleDrive", "TestSupport",
            ]
        ),
        // The public API of every library module, compared with the listings checked in under API/.
        .testTarget(
            name: "PublicAPITests",
            dependencies: [
                "GoogleJSON", "GoogleHTTPTypes", "GoogleHTTP", "GoogleAuth", "GoogleAPIRuntime", "LocalHTTPServer",
                "GoogleEmulator", "GoogleDrive", "GoogleYouTube", "TestSupport",
            ]
        ),
        .testTarget(
            name: "GeneratedAPITests",
            dependencies: [
                "GoogleDrive", "GoogleYouTube", "GoogleAPIRuntime", "GoogleAuth", "GoogleEmulator", "GoogleHTTP", "LocalHTTPServer",
                "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

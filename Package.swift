// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, by design: Foundation, Dispatch, the toolchain's test libraries and
// libcurl are all this package builds on.

let package = Package(
    name: "google-api-swift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GoogleHTTP", targets: ["GoogleHTTP"]),
        .library(name: "GoogleAuth", targets: ["GoogleAuth"]),
        .library(name: "GoogleAPIRuntime", targets: ["GoogleAPIRuntime"]),
        .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"]),
        .library(name: "GoogleEmulator", targets: ["GoogleEmulator"]),
        .executable(name: "google-api-emulator", targets: ["google-api-emulator"]),
        .executable(name: "google-api-benchmark", targets: ["google-api-benchmark"]),
        .executable(name: "google-api-codegen", targets: ["google-api-codegen"]),
    ],
    targets: [
        // MARK: - libcurl
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),

        // MARK: - Runtime
        .target(name: "GoogleHTTP", dependencies: ["CCurl"]),
        .target(name: "LocalHTTPServer", dependencies: ["GoogleHTTP"]),
        .target(name: "GoogleAuth", dependencies: ["GoogleHTTP", "LocalHTTPServer"]),
        .target(name: "GoogleAPIRuntime", dependencies: ["GoogleAuth", "GoogleHTTP"]),

        // MARK: - Emulator
        .target(name: "GoogleEmulator", dependencies: ["LocalHTTPServer", "GoogleHTTP", "GoogleAuth"]),
        .executableTarget(name: "google-api-emulator", dependencies: ["GoogleEmulator"]),

        // MARK: - Codegen
        .target(name: "GoogleAPICodegenKit", path: "Codegen/Sources/GoogleAPICodegenKit"),
        .executableTarget(
            name: "google-api-codegen",
            dependencies: ["GoogleAPICodegenKit"],
            path: "Codegen/Sources/google-api-codegen"
        ),

        // MARK: - Sample tools
        .target(name: "GoogleCLIKit", dependencies: ["GoogleAuth", "GoogleAPIRuntime"]),

        // MARK: - Benchmark
        .target(name: "CurlRawLoop", dependencies: ["CCurl"]),
        .executableTarget(
            name: "google-api-benchmark",
            dependencies: ["GoogleHTTP", "LocalHTTPServer", "CurlRawLoop", "GoogleAPIRuntime"]
        ),

        // MARK: - Tests
        .testTarget(name: "GoogleHTTPTests", dependencies: ["GoogleHTTP", "LocalHTTPServer"]),
        .testTarget(name: "LocalHTTPServerTests", dependencies: ["LocalHTTPServer", "GoogleHTTP"]),
        .testTarget(name: "GoogleEmulatorTests", dependencies: ["GoogleEmulator", "GoogleHTTP", "LocalHTTPServer"]),
        .testTarget(name: "GoogleAuthTests", dependencies: ["GoogleAuth", "GoogleEmulator", "LocalHTTPServer"]),
        .testTarget(
            name: "GoogleAPIRuntimeTests",
            dependencies: ["GoogleAPIRuntime", "GoogleAuth", "GoogleEmulator"]
        ),
        .testTarget(
            name: "GoogleAPICodegenKitTests",
            dependencies: ["GoogleAPICodegenKit"],
            path: "Codegen/Tests/GoogleAPICodegenKitTests",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

// The benchmark is a package of its own that depends on the library by path, so that the library's
// products are what users import or run, and building an app never builds the benchmark or its C
// loop. Build it in release: `swift run -c release --package-path Benchmarks google-api-benchmark`.

let package = Package(
    name: "google-api-swift-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "google-api-swift", path: "..")],
    targets: [
        // The raw libcurl loop every other row is compared with (the floor): plain C, linked to
        // libcurl directly.
        .target(name: "CurlRawLoop", linkerSettings: [.linkedLibrary("curl")]),
        .executableTarget(
            name: "google-api-benchmark",
            dependencies: [
                "CurlRawLoop",
                .product(name: "GoogleJSON", package: "google-api-swift"),
                .product(name: "GoogleHTTP", package: "google-api-swift"),
                .product(name: "LocalHTTPServer", package: "google-api-swift"),
                .product(name: "GoogleAPIRuntime", package: "google-api-swift"),
                .product(name: "GoogleDrive", package: "google-api-swift"),
                .product(name: "GoogleYouTube", package: "google-api-swift"),
                .product(name: "GoogleEmulator", package: "google-api-swift"),
            ]
        ),
    ]
)

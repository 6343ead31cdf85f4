// swift-tools-version: 6.0
import PackageDescription

// The adapters to the Swift server ecosystem's observability packages live in a package of their
// own, depending on the library by path, so that the library itself keeps no package dependencies:
// an app that does not use swift-log, swift-metrics or swift-distributed-tracing never resolves them,
// and one that uses only logging pulls only `GoogleAPILogging` (one product per package adapted).

let package = Package(
    name: "google-api-swift-integrations",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "GoogleAPILogging", targets: ["GoogleAPILogging"]),
        .library(name: "GoogleAPIMetrics", targets: ["GoogleAPIMetrics"]),
        .library(name: "GoogleAPITracing", targets: ["GoogleAPITracing"]),
    ],
    dependencies: [
        .package(name: "google-api-swift", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    ],
    targets: [
        // The names all three give what they report (OpenTelemetry's where it has one), and the
        // bounded values of their dimensions (`error.type`, the HTTP method).
        .target(
            name: "GoogleTelemetryConventions",
            dependencies: [.product(name: "GoogleAPIRuntime", package: "google-api-swift")]
        ),
        // Requests and session events to a swift-log `Logger`.
        .target(
            name: "GoogleAPILogging",
            dependencies: [
                "GoogleTelemetryConventions",
                .product(name: "GoogleAPIRuntime", package: "google-api-swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // OpenTelemetry's HTTP-client metrics (and Google's own: retries, quota, token refreshes)
        // to a swift-metrics backend.
        .target(
            name: "GoogleAPIMetrics",
            dependencies: [
                "GoogleTelemetryConventions",
                .product(name: "GoogleAPIRuntime", package: "google-api-swift"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // A span per call named by its method ID, attempts inside it, `traceparent` as an option.
        .target(
            name: "GoogleAPITracing",
            dependencies: [
                "GoogleTelemetryConventions",
                .product(name: "GoogleAPIRuntime", package: "google-api-swift"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Real calls against the package's emulator and a local server on 127.0.0.1, recorded by
        // the packages' own in-memory handler, metrics factory and tracer.
        .testTarget(
            name: "GoogleAPIIntegrationsTests",
            dependencies: [
                "GoogleAPILogging", "GoogleAPIMetrics", "GoogleAPITracing",
                .product(name: "GoogleAPIRuntime", package: "google-api-swift"),
                .product(name: "GoogleAuth", package: "google-api-swift"),
                .product(name: "GoogleHTTP", package: "google-api-swift"),
                .product(name: "GoogleDrive", package: "google-api-swift"),
                .product(name: "GoogleEmulator", package: "google-api-swift"),
                .product(name: "LocalHTTPServer", package: "google-api-swift"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

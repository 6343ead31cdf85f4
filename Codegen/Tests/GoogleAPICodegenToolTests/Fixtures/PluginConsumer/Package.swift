// swift-tools-version: 6.0
// A package outside google-api-swift that uses it the way the README describes. The test copies
// this folder to a temporary directory and replaces GOOGLE_API_SWIFT_PATH with the real path of
// the package under test (no network: a path dependency).
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "GOOGLE_API_SWIFT_PATH")
    ],
    targets: [
        // Wrappers generated at build time from notes.v1.json by the build plugin.
        .target(
            name: "NotesAPI",
            dependencies: [.product(name: "GoogleAPIRuntime", package: "google-api-swift")],
            exclude: ["google-api-codegen.json"],
            plugins: [.plugin(name: "GoogleAPICodegenPlugin", package: "google-api-swift")]
        ),
        // The same document with checked-in sources, written into Generated/ by the command
        // plugin (no build plugin needed).
        .target(
            name: "NotesCheckedIn",
            dependencies: [.product(name: "GoogleAPIRuntime", package: "google-api-swift")],
            exclude: ["google-api-codegen.json"]
        ),
        // Stand-ins for SwiftNIO's NIOHTTP1 and swift-http-types (no dependencies: just their
        // names), imported next to GoogleDrive in one file that uses those names unqualified.
        .target(name: "NIOHTTP1"),
        .target(name: "HTTPTypes"),
        .target(
            name: "NamespaceCheck",
            dependencies: ["NIOHTTP1", "HTTPTypes", .product(name: "GoogleDrive", package: "google-api-swift")]
        ),
        .executableTarget(name: "notes-demo", dependencies: ["NotesAPI", "NotesCheckedIn", "NamespaceCheck"]),
    ],
    swiftLanguageModes: [.v6]
)

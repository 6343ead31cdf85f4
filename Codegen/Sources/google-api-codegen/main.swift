import Foundation
import GoogleAPICodegenKit

// google-api-codegen: Discovery documents → Swift sources, and `fetch` to download them.
// Diagnostics go to stderr as `DOC.json:LINE: error: ...` so IDEs and SwiftPM show them inline.

let usage = """
    OVERVIEW: Generate Swift API wrappers from Google Discovery documents.

    USAGE: google-api-codegen generate <document.json>... --output-directory <dir> [--module-name <name>]
           google-api-codegen fetch <name> <version> [--strip-descriptions] [--output <file>] [--discovery-url <url>]

    ARGUMENTS:
      <document.json>          Discovery documents (REST descriptions).

    OPTIONS:
      --output-directory <dir> Where to write the sources. With one document the files go into
                               <dir>; with several, each into <dir>/<document name>/ (drive.v3.json → <dir>/drive.v3/).
      --module-name <name>     File-name prefix (one document only). Default: Google<Service>.
      --quota-costs <file>     A quota cost table whose units the methods state (one document only).
      --include <name>         Only this resource (liveBroadcasts, liveChat.messages) or method
                               (videos.list) and the schemas it reaches; repeatable (one document only).
      --quiet                  Do not print the written files.
      -h, --help               Show this help.

    FETCH:
      Downloads a Discovery document (libcurl) from Google's discovery service,
      https://www.googleapis.com/discovery/v1/apis/{name}/{version}/rest, or --discovery-url (with
      {name} and {version} filled in). Writes <name>.<version>.json unless --output names a file
      (- for standard output). --strip-descriptions drops the prose ("description" and
      "enumDescriptions" keys at any depth, except a property named description) and prints the
      rest with sorted keys, as Codegen/Scripts/make-specs.py does for Specs/.

    Output files per module (named from the document's keys, so build plugins know them in advance):
      <Module>+Service.swift, <Module>+Resources<L>.swift and <Module>+Schemas<L>.swift for the
      top-level resources and schemas whose name starts with L, <Module>+Support.swift
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") || arguments == ["help"] {
    print(usage)
    exit(arguments.isEmpty ? 64 : 0)
}

if arguments.first == "fetch" {
    do {
        let command = try FetchCommand.parse(Array(arguments.dropFirst()))
        let data = try await command.download()
        let destination = try command.write(data)
        if destination != "-" { FileHandle.standardError.write(Data("wrote \(destination)\n".utf8)) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("google-api-codegen: error: \(error)\n".utf8))
        exit(error.isUsage ? 64 : 1)
    }
}

exit(CodegenRunner.main(arguments) { message in FileHandle.standardError.write(Data((message + "\n").utf8)) })

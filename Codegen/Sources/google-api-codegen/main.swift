import Foundation
import GoogleAPICodegenKit

// google-api-codegen: Discovery documents → Swift sources.
// Diagnostics go to stderr as `DOC.json:LINE: error: ...` so IDEs and SwiftPM show them inline.

let usage = """
    OVERVIEW: Generate Swift API wrappers from Google Discovery documents.

    USAGE: google-api-codegen generate <document.json>... --output-directory <dir> [--module-name <name>]

    ARGUMENTS:
      <document.json>          Discovery documents (REST descriptions).

    OPTIONS:
      --output-directory <dir> Where to write the sources. With one document the files go into
                               <dir>; with several, each into <dir>/<document name>/ (drive.v3.json → <dir>/drive.v3/).
      --module-name <name>     File-name prefix (one document only). Default: Google<Service>.
      --quiet                  Do not print the written files.
      -h, --help               Show this help.

    Output files per module (named from the document's keys, so build plugins know them in advance):
      <Module>+Service.swift, <Module>+<Name>Resource.swift per top-level resource,
      <Module>+<Name>.swift per schema group (a schema and those extending its name), <Module>+Support.swift
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") || arguments == ["help"] {
    print(usage)
    exit(arguments.isEmpty ? 64 : 0)
}

let parsed: CodegenCommandLine
do {
    parsed = try CodegenCommandLine.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("google-api-codegen: error: \(error)\n\nRun with --help for usage.\n".utf8))
    exit(64)
}

let failures = CodegenRunner.run(parsed) { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
exit(failures == 0 ? 0 : 1)

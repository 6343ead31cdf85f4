import Foundation
import GoogleAPICodegenKit

// google-api-codegen-generate: `google-api-codegen generate` alone, the tool the build and command
// plugins run. It has no `fetch` and so does not link libcurl: building a package that uses the
// plugins builds only the generator. Same arguments and diagnostics as `google-api-codegen generate`.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    print(
        "USAGE: google-api-codegen-generate generate <document.json>... --output-directory <dir> [--module-name <name>] [--quota-costs <file>] [--include <name>]... [--quiet]"
    )
    exit(arguments.isEmpty ? 64 : 0)
}
exit(CodegenRunner.main(arguments) { message in FileHandle.standardError.write(Data((message + "\n").utf8)) })

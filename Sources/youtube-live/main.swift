import Foundation
import YouTubeLiveTool

let status = await YouTubeLiveTool.tool().run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

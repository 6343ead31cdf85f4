import Foundation
import YouTubeLiveTool

let status = await YouTubeLiveTool.tool().runHandlingInterrupts(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

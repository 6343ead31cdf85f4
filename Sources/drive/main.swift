import DriveTool
import Foundation

let status = await DriveTool.tool().runHandlingInterrupts(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

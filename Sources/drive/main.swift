import Foundation
import DriveTool

let status = await DriveTool.tool().run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

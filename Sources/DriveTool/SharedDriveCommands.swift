import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleDrive

// MARK: - SharedDriveCommands

/// `drives list`: the shared drives the user is a member of.
enum SharedDriveCommands {
    static let commands = [list]

    static let list = Command(
        "drives list", summary: "List the shared drives you are a member of.",
        options: [OptionSpecification("max", value: "N", help: "Stop after N drives.")]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let limit = try arguments.positiveInteger("max")
        let drive = try DriveTool.service(context)
        let drives: [Drive.DriveSchema] = try await context.reportingErrors {
            let pages: APIPageSequence<Drive.DriveList> = drive.drives.listPages(
                .init(pageSize: Int32(min(limit ?? 100, 100))), fields: [.nextPageToken, .drives([.id, .name, .createdTime])])
            return try await pages.collect(limit: limit)
        }
        try ListingOutput.print(drives, json: context.environment.wantsJSON, noun: "shared drive", headers: ["ID", "CREATED", "NAME"]) {
            item in
            [item.id ?? "", item.createdTime.map { ISO8601DateFormatter().string(from: $0) } ?? "", item.name ?? ""]
        }
    }
}

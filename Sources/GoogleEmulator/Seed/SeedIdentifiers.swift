// MARK: - SeedIdentifiers

extension GoogleEmulator {
    /// Identifiers of the deterministic seed data, for tests and demos.
    public enum Seed {
        /// Number of seed files and folders (excluding the trashed one): more than one default page.
        public static let fileCount = 131
        public static let projectsFolderID = "1SeedFolderProjects0000000000000A"
        public static let archiveFolderID = "1SeedFolderArchive00000000000000A"
        public static let meetingNotesDocumentID = "1SeedDocMeetingNotes000000000000A"
        public static let budgetSpreadsheetID = "1SeedSheetBudget2024000000000000A"
        public static let binaryFileID = "1SeedBinary1MiB00000000000000000A"
        public static let binaryFileSize = 1_048_576
        public static let helloTextFileID = "1SeedTextHello000000000000000000A"
        public static let helloText = "Hello from the Google API emulator!\n"
        public static let trashedFileID = "1SeedTrashedDraft000000000000000A"

        public static let streamID = "emulatedStream0000000000001"
        public static let upcomingBroadcastID = "upcomingBC01"
        public static let liveBroadcastID = "liveBC000001"
        public static let completedBroadcastID = "completeBC01"
        public static let createdBroadcastID = "createdBC001"
        public static let liveChatID = "Cg0KC2xpdmVCQzAwMDAwMQ"
        public static let completedChatID = "Cg0KC2NvbXBsZXRlQkMwMQ"
        /// Messages in the live broadcast's chat at start.
        public static let liveChatMessageCount = 25
    }
}

// MARK: - Shared drives

extension Drive {
    /// Whether calls include shared drives by default: `supportsAllDrives=true` on every method
    /// that has the parameter and `includeItemsFromAllDrives=true` on listings (files.list,
    /// changes.list, changes.watch). On by default (`GoogleAPIRuntime/APIParameterDefaults/sharedDrives`):
    /// without it, a file in a shared drive is "File not found" and missing from lists. A value
    /// passed to a method (`supportsAllDrives: false`) wins over this default.
    public var includesSharedDrives: Bool {
        get { client.parameterDefaults["supportsAllDrives"] == "true" }
        set {
            client.parameterDefaults["supportsAllDrives"] = newValue ? "true" : nil
            client.parameterDefaults["includeItemsFromAllDrives"] = newValue ? "true" : nil
        }
    }
}

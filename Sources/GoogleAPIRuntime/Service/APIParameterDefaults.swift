// MARK: - APIParameterDefaults

/// Values a ``GoogleServiceClient`` sends for query parameters that a method declares and a call
/// leaves unset. A method that does not declare a parameter never gets it, and a value the call
/// sets (even the API's own default) wins, so a default can be overridden per call.
///
///     var drive = Drive(session: session)
///     drive.client.parameterDefaults["supportsAllDrives"] = nil   // the API's default again
public struct APIParameterDefaults: Sendable, Hashable {
    /// The parameters in the order they are added to a URL.
    public private(set) var items: [(name: String, value: String)] = []

    /// No defaults: every parameter as the API defines it.
    public init() {}

    /// - Parameter items: Parameter names and values; a repeated name keeps its last value.
    public init(_ items: [(name: String, value: String)]) {
        for item in items { self[item.name] = item.value }
    }

    /// The value sent for `name` when a call leaves it unset; `nil` removes the default.
    public subscript(name: String) -> String? {
        get { items.first { $0.name == name }?.value }
        set {
            if let index = items.firstIndex(where: { $0.name == name }) {
                if let newValue { items[index].value = newValue } else { items.remove(at: index) }
            } else if let newValue {
                items.append((name, newValue))
            }
        }
    }

    /// Shared drives included: `supportsAllDrives=true` on every method that has it (Drive's
    /// methods that take a file, drive or change), `includeItemsFromAllDrives=true` on listings
    /// (files.list, changes.list, changes.watch). Google asks every app to send both; without
    /// them a shared drive's file is "File not found" (404) and absent from lists.
    public static let sharedDrives = APIParameterDefaults([
        ("supportsAllDrives", "true"), ("includeItemsFromAllDrives", "true"),
    ])

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}

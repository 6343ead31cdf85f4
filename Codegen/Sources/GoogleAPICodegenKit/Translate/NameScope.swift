// MARK: - NameScope

/// Hands out unique names within one Swift scope: the first claimant of a name keeps it, later
/// ones get `2`, `3`, ... Claims happen in sorted wire-name order, so results are deterministic.
struct NameScope {
    private var used: Set<String>
    /// Names that must not be used in this scope but are not "taken" by a member (e.g. the
    /// top-level type names a nested type would shadow).
    /// Large and shared between scopes (the module's top-level names), so never copied.
    private let sharedBlocked: Set<String>
    private let blocked: Set<String>

    init(reserved: Set<String> = [], shared: Set<String> = [], blocked: Set<String> = []) {
        used = reserved
        sharedBlocked = shared
        self.blocked = blocked
    }

    /// Claims `candidate` or the first free numbered variant of it.
    mutating func claim(_ candidate: String) -> String {
        var name = candidate
        var counter = 2
        while used.contains(name) || blocked.contains(name) || sharedBlocked.contains(name) {
            name = "\(candidate)\(counter)"
            counter += 1
        }
        used.insert(name)
        return name
    }

    func contains(_ name: String) -> Bool { used.contains(name) || blocked.contains(name) || sharedBlocked.contains(name) }
}

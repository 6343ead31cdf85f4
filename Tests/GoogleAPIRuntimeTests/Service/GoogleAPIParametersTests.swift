import Foundation
import GoogleAPIRuntime
import Testing

// MARK: - GoogleAPIParameters

/// Parameters values compare and hash their stored members as the synthesized conformances
/// would: equal values are equal and hash alike, any member that differs (deprecated storage
/// included, `nil` against a value, one element of a list) makes them unequal.
@Suite struct GoogleAPIParametersTests {
    enum Order: String, Hashable, Sendable { case name, modifiedTime }

    struct ListParameters: GoogleAPIParameters {
        var q: String?
        var pageSize: Int32?
        var orderBy: Order?
        var spaces: [String]
        var since: Date?
        var _corpus: String? = nil
    }

    @Test func equalValuesAreEqualAndHashAlike() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let first = ListParameters(q: "trashed = false", pageSize: 7, orderBy: .name, spaces: ["drive"], since: date)
        let second = ListParameters(q: "trashed = false", pageSize: 7, orderBy: .name, spaces: ["drive"], since: date)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(ListParameters(spaces: []) == ListParameters(spaces: []))
    }

    @Test func anyDifferingMemberMakesThemUnequal() {
        let base = ListParameters(q: "x", pageSize: 7, orderBy: .name, spaces: ["drive"], since: nil)
        var variants: [ListParameters] = []
        var changed = base
        changed.q = nil
        variants.append(changed)
        changed = base
        changed.pageSize = 8
        variants.append(changed)
        changed = base
        changed.orderBy = .modifiedTime
        variants.append(changed)
        changed = base
        changed.spaces = ["drive", "appDataFolder"]
        variants.append(changed)
        changed = base
        changed.since = Date(timeIntervalSince1970: 0)
        variants.append(changed)
        changed = base
        changed._corpus = "user"
        variants.append(changed)
        for variant in variants {
            #expect(variant != base, "\(variant)")
        }
        #expect(Set(variants + [base]).count == variants.count + 1)
    }
}

import Foundation
import Testing

@_spi(Generated) @testable import GoogleJSON

// MARK: - GoogleMemberwiseEquatable

/// `==` for generated types compares the members their `encode(to:)` writes, each with its own
/// `==`, as a synthesized `==` over the stored optionals would.
@Suite struct GoogleMemberwiseEquatableTests {
    /// Written like a generated type: members by key position, one in a wire format.
    struct Model: GoogleMemberwiseEquatable, Sendable {
        static let keys = GoogleJSONKeyTable(["title", "size", "ratio", "children", "labels"])
        var title: String?
        var size: Int64?
        var ratio: Double?
        var children: [Model]?
        var labels: [String: String]?

        func encode(to encoder: any Encoder) throws {
            var members = GoogleJSONMemberWriter(encoder, keys: Self.keys)
            members.write(title, 0)
            members.write(size, as: GoogleInt64.self, 1)
            members.write(ratio, 2)
            members.write(children, 3)
            members.write(labels, 4)
            try members.finish()
        }
    }

    /// A conformance that encodes through its own container, not the member writer.
    private struct HandWritten: GoogleMemberwiseEquatable {
        var name: String
        var tags: [String]
    }

    @Test func equalWhenTheSameMembersAreSetToEqualValues() {
        let tree = Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"])
        #expect(tree == tree)
        #expect(tree == Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"]))
        #expect(Model() == Model())
    }

    @Test(arguments: [
        Model(title: "A", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"]),
        Model(title: "a", size: (1 << 60) + 1, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.25, children: [Model(title: "b")], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "c")], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b"), Model()], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "w"]),
        Model(title: nil, size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.5, children: [], labels: ["k": "v"]),
        Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: nil),
    ])
    func unequalWhenAnyMemberDiffersOrIsAbsent(_ other: Model) {
        let tree = Model(title: "a", size: 1 << 60, ratio: 0.5, children: [Model(title: "b")], labels: ["k": "v"])
        #expect(tree != other)
        #expect(other != tree)
    }

    @Test func membersKeepTheirOwnEquality() {
        // As with a synthesized `==`: NaN is unequal to itself, zero's sign does not matter
        // (encoded JSON would say the opposite of both).
        #expect(Model(ratio: .nan) != Model(ratio: .nan))
        #expect(Model(ratio: -0.0) == Model(ratio: 0.0))
    }

    @Test func otherConformancesCompareWhatTheyEncode() {
        #expect(HandWritten(name: "x", tags: ["a", "b"]) == HandWritten(name: "x", tags: ["a", "b"]))
        #expect(HandWritten(name: "x", tags: ["a", "b"]) != HandWritten(name: "x", tags: ["b", "a"]))
        #expect(HandWritten(name: "x", tags: []) != HandWritten(name: "y", tags: []))
    }

    @Test func encodingIsUnchangedByTheRecorder() throws {
        let tree = Model(title: "a", size: 7, children: [Model(title: "b")])
        let json = String(decoding: try GoogleJSONEncoder().encode(tree), as: UTF8.self)
        #expect(json == #"{"title":"a","size":"7","children":[{"title":"b"}]}"#)
    }
}

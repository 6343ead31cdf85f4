import Foundation
import Testing

// MARK: - Recursive generated types

/// `Fixtures/RecursionFixture.swift` is the generator's output for the codegen fixture
/// `recursion.json` (GoogleAPICodegenKitTests checks it stays identical), compiled here so the
/// boxing of recursive schemas is exercised at run time.
@Suite struct RecursiveTypeRoundTripTests {
    @Test func selfRecursiveStructRoundTrips() throws {
        let json = #"{"name": "leaf", "parent": {"name": "mid", "parent": {"name": "root"}}, "children": [{"name": "c"}]}"#
        let node = try JSONDecoder().decode(Recursion.Node.self, from: Data(json.utf8))
        #expect(node.parent?.parent?.name == "root")
        #expect(node.parent?.parent?.parent == nil)
        #expect(node.children?.first?.name == "c")

        let again = try JSONDecoder().decode(Recursion.Node.self, from: try JSONEncoder().encode(node))
        #expect(again == node)
        var changed = node
        changed.parent?.parent?.name = "other"
        #expect(changed != node, "equality looks through the box")
        #expect(node.parent?.parent?.name == "root", "boxes are never shared mutably")
    }

    @Test func mutualRecursionAndInlineObjects() throws {
        let expr = Recursion.Expr(not: Recursion.Not(operand: Recursion.Expr(literal: true)))
        let decoded = try JSONDecoder().decode(Recursion.Expr.self, from: try JSONEncoder().encode(expr))
        #expect(decoded.not?.operand?.literal == true)
        #expect(decoded == expr)

        let folder = Recursion.Folder(
            byName: ["sub": Recursion.Folder()], info: Recursion.Folder.Info(owner: Recursion.Folder(info: Recursion.Folder.Info())))
        #expect(try JSONDecoder().decode(Recursion.Folder.self, from: try JSONEncoder().encode(folder)) == folder)
        let alias: Recursion.NodeAlias = Recursion.Node(name: "aliased")
        #expect(alias.name == "aliased")
    }
}

import Foundation
import GoogleJSON

// MARK: - FieldMask

/// Google's partial-response `fields` parameter: `files(id,name),nextPageToken`, `id,size`,
/// `user/emailAddress`, `*`. Applied to objects recursively; arrays apply it to each element.
struct FieldMask: Sendable {
    /// Selected member → mask for its value (`nil` keeps the whole value).
    private var members: [String: FieldMask?] = [:]
    private var selectsAll = false

    init?(parsing text: String) {
        var characters = Array(text.filter { !$0.isWhitespace })
        guard !characters.isEmpty else { return nil }
        var index = 0
        guard let parsed = Self.parseList(&characters, &index), index == characters.count else { return nil }
        self = parsed
    }

    private init() {}

    private static func parseList(_ characters: inout [Character], _ index: inout Int) -> FieldMask? {
        var mask = FieldMask()
        while index < characters.count {
            var name = ""
            while index < characters.count, !",()/".contains(characters[index]) {
                name.append(characters[index])
                index += 1
            }
            guard !name.isEmpty else { return nil }
            var sub: FieldMask?
            if index < characters.count, characters[index] == "(" {
                index += 1
                guard let inner = parseList(&characters, &index), index < characters.count, characters[index] == ")" else { return nil }
                index += 1
                sub = inner
            } else if index < characters.count, characters[index] == "/" {
                index += 1
                var path = ""
                while index < characters.count, !",()".contains(characters[index]) {
                    path.append(characters[index])
                    index += 1
                }
                var pathCharacters = Array(path)
                var pathIndex = 0
                guard let inner = parseList(&pathCharacters, &pathIndex) else { return nil }
                sub = inner
            }
            if name == "*" {
                mask.selectsAll = true
            } else if let existing = mask.members[name], let existingMask = existing, let sub {
                mask.members[name] = existingMask.merged(with: sub)
            } else {
                mask.members[name] = sub
            }
            if index < characters.count, characters[index] == "," {
                index += 1
                continue
            }
            break
        }
        return mask
    }

    private func merged(with other: FieldMask) -> FieldMask {
        var result = self
        result.selectsAll = selectsAll || other.selectsAll
        for (key, value) in other.members { result.members[key] = value }
        return result
    }

    func apply(to value: JSONValue) -> JSONValue {
        if selectsAll { return value }
        switch value {
        case .object(let pairs):
            return .members(
                pairs.compactMap { key, member in
                    guard let entry = members[key] else { return nil }
                    guard let sub = entry else { return (key, member) }
                    return (key, sub.apply(to: member))
                })
        case .array(let items):
            return .array(items.map(apply(to:)))
        default:
            return value
        }
    }
}

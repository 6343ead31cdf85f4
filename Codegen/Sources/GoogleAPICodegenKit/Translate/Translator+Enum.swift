// MARK: - Enums

extension Translator {
    /// Translates enum values (document order, duplicates dropped) into an enum whose
    /// `unrecognized(String)` case keeps values this SDK does not know.
    /// - Parameters:
    ///   - values: Raw wire values.
    ///   - descriptions: `enumDescriptions`, parallel to `values` when present.
    ///   - name: The enum's Swift name.
    ///   - documentation: Doc comment for the enum.
    func translateEnum(values: [String], descriptions: [String]?, name: String, documentation: SwiftDocumentation) -> SwiftEnum {
        let unknownCase = "unrecognized"
        var scope = NameScope(reserved: [
            unknownCase, "rawValue", "apiParameterString", "allCases", "description", "hashValue", "hash", "init", "googleJSONCases",
        ])
        var seen: Set<String> = []
        var cases: [SwiftEnum.Case] = []
        for (offset, value) in values.enumerated() where seen.insert(value).inserted {
            let description = descriptions.flatMap { offset < $0.count ? $0[offset] : nil }
            cases.append(
                SwiftEnum.Case(
                    name: scope.claim(SwiftNaming.caseName(value)),
                    rawValue: value,
                    documentation: Translator.documentation(description)
                ))
        }
        return SwiftEnum(name: name, documentation: documentation, cases: cases, unknownCase: unknownCase)
    }
}

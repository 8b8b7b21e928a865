/// What makes a catalog incomplete: the check every `Localizable.xcstrings` in the repository
/// passes (`LocalizationCatalogTests`).
public enum CatalogAudit {
    /// Every problem in `catalog`, one line each, naming the key and the language:
    /// - the source language is not English;
    /// - a key lacks a value in one of `languages` (English may be left out when the keys are
    ///   their English text, `keysAreText`; an `InfoPlist.xcstrings`, keyed by Info.plist keys,
    ///   must have it), or its state is not `translated`, or it is empty;
    /// - plural forms without both `one` and `other`;
    /// - a value whose placeholders differ from its key's (`%@` count and `%N$@` positions;
    ///   a plural's `one` form may leave out the count).
    public static func problems(
        in catalog: StringCatalog, languages: [AppLanguage] = AppLanguage.supported, keysAreText: Bool = true
    ) -> [String] {
        var problems: [String] = []
        if catalog.sourceLanguage != AppLanguage.english.code {
            problems.append("source language is \"\(catalog.sourceLanguage)\", not \"en\"")
        }
        for key in catalog.keys {
            guard let entry = catalog.entries[key], entry.shouldTranslate else { continue }
            let expected = keysAreText ? Set(Placeholder.positions(in: key)) : []
            for language in languages {
                guard let form = entry.forms[language.code] else {
                    if language.code != catalog.sourceLanguage || !keysAreText {
                        problems.append("\"\(key)\": no \(language.code) value")
                    }
                    continue
                }
                problems += formProblems(
                    form, key: key, language: language.code, expected: expected, entry: entry, keysAreText: keysAreText)
            }
        }
        return problems
    }

    private static func formProblems(
        _ form: Entry.Form, key: String, language: String, expected: Set<Int>, entry: Entry, keysAreText: Bool
    ) -> [String] {
        var problems: [String] = []
        let label = "\"\(key)\" [\(language)]"
        switch form {
        case .plain(let value, let state):
            if state != "translated" { problems.append("\(label): state is \(state ?? "missing"), not translated") }
            if value.isEmpty { problems.append("\(label): empty") }
            let found = Placeholder.positions(in: value)
            let keyCount = keysAreText ? Placeholder.positions(in: key).count : 0
            if Set(found) != expected || found.count != keyCount {
                problems.append("\(label): placeholders \(describe(found)) differ from the key's \(describe(expected.sorted()))")
            }
        case .plural(let forms):
            for required in [PluralCategory.one, .other] where forms[required.rawValue] == nil {
                problems.append("\(label): plural without \"\(required.rawValue)\"")
            }
            for category in entry.unfinishedPlurals[language] ?? [] {
                problems.append("\(label): plural \"\(category)\" is not translated")
            }
            for (category, value) in forms.sorted(by: { $0.key < $1.key }) {
                let found = Set(Placeholder.positions(in: value))
                let fits = category == PluralCategory.other.rawValue ? found == expected : found.isSubset(of: expected)
                if !fits || value.isEmpty {
                    problems.append("\(label) \(category): placeholders \(describe(found.sorted())) differ from the key's \(describe(expected.sorted()))")
                }
            }
        }
        return problems
    }

    private static func describe(_ positions: [Int]) -> String {
        positions.isEmpty ? "none" : positions.map { "%\($0)$@" }.joined(separator: " ")
    }
}

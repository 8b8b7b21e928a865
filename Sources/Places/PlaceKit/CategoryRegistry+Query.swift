import Foundation

extension CategoryRegistry {
    /// The categories a query names, for telling category-intent queries ("coffee", "Kahvila",
    /// "CAFES") from name queries ("Blue Bottle").
    ///
    /// The query is folded (case- and diacritic-insensitive, whitespace collapsed) and compared
    /// with every search term and display name as a whole, then with simple plural endings
    /// removed: English `-s`, `-es`, `-ies` → `-y`, and Finnish nominative plural `-t`
    /// ("kahvilat" → "kahvila"). Partial words do not match. Results follow table order.
    ///
    /// - Complexity: O(1) dictionary look-ups per candidate form.
    public func categories(matchingQuery query: String) -> [PlaceCategory] {
        let normalized = CategoryRegistry.normalizedQuery(query)
        guard !normalized.isEmpty else { return [] }
        var ids: [String] = []
        for form in CategoryRegistry.singularForms(of: normalized) {
            for id in bySearchTerm[form] ?? [] where !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { return [] }  // most words name no category: no order to build
        let order = Dictionary(uniqueKeysWithValues: allCategories.enumerated().map { ($1.id, $0) })
        return ids.compactMap { byID[$0] }.sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) }
    }

    /// Folds text for matching: lower-case, diacritics removed ("Café" → "cafe", "Ä" → "a"),
    /// punctuation other than letters and digits turned into spaces, whitespace collapsed.
    ///
    /// Text made only of Latin characters (below U+0250) goes through a table built once from
    /// Foundation's own folding of each character, so it needs no Foundation call per string
    /// (ranking folds hundreds of names per query); anything else takes the Foundation path.
    public static func normalizedQuery(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            guard scalar.value < FoldTable.limit else { return foundationFold(text) }
            let folded = FoldTable.shared.entries[Int(scalar.value)]
            if folded.isEmpty {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.append(" ")
                pendingSpace = false
            }
            output.append(contentsOf: folded)
        }
        return String(output)
    }

    /// The reference folding, through Foundation.
    static func foundationFold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let spaced = String(
            folded.unicodeScalars.map { scalar -> Character in
                CharacterSet.alphanumerics.contains(scalar) ? Character(scalar) : " "
            })
        return spaced.split(separator: " ").joined(separator: " ")
    }

    /// The folded query itself followed by its plausible singular forms.
    static func singularForms(of text: String) -> [String] {
        var forms = [text]
        if text.hasSuffix("ies") { forms.append(String(text.dropLast(3)) + "y") }
        if text.hasSuffix("es") { forms.append(String(text.dropLast(2))) }
        if text.hasSuffix("s") || text.hasSuffix("t") { forms.append(String(text.dropLast())) }
        return forms.filter { !$0.isEmpty }
    }
}

/// Folded forms of every scalar below ``limit``, from ``CategoryRegistry/foundationFold(_:)``
/// of the single character: empty where the character folds to nothing but spaces.
struct FoldTable: Sendable {
    static let limit: UInt32 = 0x250
    static let shared = FoldTable()
    let entries: [[Unicode.Scalar]]

    private init() {
        entries = (0..<Self.limit).map { value in
            guard let scalar = Unicode.Scalar(value) else { return [] }
            return Array(CategoryRegistry.foundationFold(String(Character(scalar))).unicodeScalars)
        }
    }
}

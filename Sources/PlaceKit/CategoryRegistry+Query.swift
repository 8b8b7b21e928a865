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
        let order = Dictionary(uniqueKeysWithValues: allCategories.enumerated().map { ($1.id, $0) })
        return ids.compactMap { byID[$0] }.sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) }
    }

    /// Folds text for matching: lower-case, diacritics removed ("Café" → "cafe", "Ä" → "a"),
    /// punctuation other than letters and digits turned into spaces, whitespace collapsed.
    public static func normalizedQuery(_ text: String) -> String {
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

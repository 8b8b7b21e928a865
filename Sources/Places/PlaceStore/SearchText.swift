import PlaceKit

/// Turning user text into safe search terms: folded words, bounded in number and length, and
/// FTS5 query strings that no input can break.
public enum SearchText {
    /// At most this many words of a query are used (the rest are ignored).
    public static let maximumWords = 8
    /// Words are cut to this many characters.
    public static let maximumWordLength = 48

    /// Lower-case, diacritics removed, punctuation to spaces, spaces collapsed — the same folding
    /// as ``PlaceKit/TextMatcher/fold(_:)``, so the store and the ranker agree on words.
    public static func fold(_ text: String) -> String {
        TextMatcher.fold(text)
    }

    /// The folded words of `text`, at most ``maximumWords``, each at most ``maximumWordLength``
    /// characters; empty for blank or punctuation-only input. Input longer than 4 KiB is cut first,
    /// so a huge string costs O(4 KiB).
    public static func words(_ text: String) -> [String] {
        let head = text.utf8.count > 4096 ? String(decoding: text.utf8.prefix(4096), as: UTF8.self) : text
        return fold(head).split(separator: " ").prefix(maximumWords).map { String($0.prefix(maximumWordLength)) }
    }

    /// An FTS5 `MATCH` expression requiring every word as a prefix: `"caf"* "rega"*`.
    ///
    /// Each word is a double-quoted string (internal quotes doubled), so operators (`AND`, `NEAR(`),
    /// `*`, `^`, column filters and parentheses in user input are plain text. `nil` for no words.
    public static func ftsPrefixQuery(_ words: [String]) -> String? {
        let terms = words.filter { !$0.isEmpty }.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }

    /// An FTS5 expression for typo search without a centre: any word's first two characters as a
    /// prefix (`"ca"* OR "re"*`); a typo past the second character is then caught by the fuzzy
    /// matcher. `nil` for no words.
    static func ftsFuzzySeedQuery(_ words: [String]) -> String? {
        let seeds = Set(words.filter { $0.count >= 2 }.map { String($0.prefix(2)) }).sorted()
        let terms = seeds.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return terms.isEmpty ? nil : terms.joined(separator: " OR ")
    }
}

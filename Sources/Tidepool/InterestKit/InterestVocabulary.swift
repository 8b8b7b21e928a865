/// The versioned list of canonical tags (`vocabulary.tsv`), with the phrase each was embedded
/// from and its synonyms.
///
/// Row `i` of the embedding matrix belongs to tag `i`. The file's first line is
/// `# loci-interest-vocabulary<TAB>version=V<TAB>tags=N`; every other `#` line is a comment; each
/// row is `tag<TAB>phrase<TAB>synonym,synonym`.
public struct InterestVocabulary: Sendable {
    /// The version written by the tool, e.g. `2026.11.1`.
    public let version: String
    /// Every tag in row order.
    public let tags: [InterestTag]
    /// The phrase each tag was embedded from, in row order.
    public let phrases: [String]
    /// Each tag's synonyms (lower case), in row order.
    public let synonyms: [[String]]
    private let rowOfTag: [InterestTag: Int]

    /// Reads the vocabulary file's text; `file` names it in errors.
    ///
    /// - Throws: ``InterestModelError/malformedLine(file:line:detail:)`` for a bad header, a row
    ///   without three fields, a malformed or repeated tag, or a count that differs from the header.
    public init(text: String, file: String = "vocabulary.tsv") throws(InterestModelError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first, header.hasPrefix("# loci-") else {
            throw .malformedLine(
                file: file, line: 1, detail: "expected the header # loci-…<TAB>version=…<TAB>tags=…")
        }
        var version: String?
        var count: Int?
        for field in header.split(separator: "\t").dropFirst() {
            if field.hasPrefix("version=") { version = String(field.dropFirst(8)) }
            if field.hasPrefix("tags=") { count = Int(field.dropFirst(5)) }
        }
        guard let version, !version.isEmpty, let count else {
            throw .malformedLine(file: file, line: 1, detail: "the header lacks version= or tags=")
        }
        var tags: [InterestTag] = []
        var phrases: [String] = []
        var synonyms: [[String]] = []
        var rowOfTag: [InterestTag: Int] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                throw .malformedLine(
                    file: file, line: offset + 1,
                    detail: "expected 3 tab-separated fields, found \(fields.count)")
            }
            guard let tag = InterestTag(String(fields[0])) ?? Self.evaluationWord(fields[0]) else {
                throw .malformedLine(
                    file: file, line: offset + 1, detail: "\(fields[0]) is not a category:slug tag")
            }
            guard rowOfTag.updateValue(tags.count, forKey: tag) == nil else {
                throw .malformedLine(file: file, line: offset + 1, detail: "\(tag) appears twice")
            }
            tags.append(tag)
            phrases.append(String(fields[1]))
            synonyms.append(fields[2].split(separator: ",").map(String.init))
        }
        guard tags.count == count else {
            throw .malformedLine(
                file: file, line: 1, detail: "the header says \(count) tags, the file has \(tags.count)")
        }
        self.version = version
        self.tags = tags
        self.phrases = phrases
        self.synonyms = synonyms
        self.rowOfTag = rowOfTag
    }

    /// The row of `tag`, or `nil` when it is not in the vocabulary.
    public func index(of tag: InterestTag) -> Int? { rowOfTag[tag] }

    /// Whether `tag` is in the vocabulary.
    public func contains(_ tag: InterestTag) -> Bool { rowOfTag[tag] != nil }

    /// Evaluation word lists (WordSim, SimLex) use bare words as rows; they are read as
    /// `culture:<word>` tags so the same loader and cosine serve the evaluation.
    private static func evaluationWord(_ text: Substring) -> InterestTag? {
        text.contains(":") ? nil : InterestTag(category: "culture", slug: String(text))
    }
}

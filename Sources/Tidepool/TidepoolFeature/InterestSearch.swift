import Foundation
import InterestKit
import LociLocalization

/// One interest offered while the user types: a tag of the vocabulary and its label.
public struct InterestSuggestion: Sendable, Equatable, Identifiable {
    /// The tag (`music:jazz`).
    public var tag: InterestTag
    /// The vocabulary's phrase for it ("jazz").
    public var label: String
    /// The tag's category ("music").
    public var category: String
    /// How the canonicaliser matched the typed text (nil for a prefix match of a label).
    public var match: Canonicalizer.Match?

    /// The tag's text.
    public var id: String { tag.rawValue }

    /// The category in words, in `language` ("Musiikki").
    public func categoryName(in language: AppLanguage = .current) -> String {
        TidepoolCopy.interestCategory(category, in: language)
    }
}

/// Search as you type over the interest vocabulary, on the phone.
///
/// It runs InterestKit's ``Canonicalizer`` (the same one the server uses, over the same bundled
/// vocabulary and typed-word list) on the device rather than asking the server: the client has no
/// vocabulary route, a keystroke should not wait for the network, and what someone types while
/// choosing interests never leaves the phone; only the chosen tags do, with `setProfile`.
/// The canonicaliser's answer comes first (so "kayak" offers kayaking, "arts" the arts), then
/// tags whose label starts with, then contains, the typed text.
public struct InterestSearch: Sendable {
    private let vocabulary: InterestVocabulary?
    private let canonicalizer: Canonicalizer?
    /// Labels folded for matching, by vocabulary row.
    private let folded: [String]

    /// A search over `vocabulary` with `canonicalizer`.
    public init(vocabulary: InterestVocabulary, canonicalizer: Canonicalizer) {
        self.vocabulary = vocabulary
        self.canonicalizer = canonicalizer
        folded = vocabulary.phrases.map(Self.fold)
    }

    private init() {
        vocabulary = nil
        canonicalizer = nil
        folded = []
    }

    /// A search that offers nothing: for an app whose bundled model could not be read (the
    /// interests step then stays empty instead of the app failing to start).
    public static let unavailable = InterestSearch()

    /// The bundled model's vocabulary with its typed words (what the app ships).
    /// - Throws: ``InterestModelError`` when the bundled resources cannot be read.
    public static func bundled() throws(InterestModelError) -> InterestSearch {
        let model = try InterestModel.bundled()
        let words = try TypedWords.bundled(for: model)
        return InterestSearch(
            vocabulary: model.vocabulary,
            canonicalizer: Canonicalizer(vocabulary: model.vocabulary, typedWords: words))
    }

    /// Up to `limit` suggestions for `text`; none for blank text.
    public func suggestions(for text: String, limit: Int = 8) -> [InterestSuggestion] {
        let query = Self.fold(text)
        guard !query.isEmpty, limit > 0, let vocabulary, let canonicalizer else { return [] }
        var out: [InterestSuggestion] = []
        var seen = Set<InterestTag>()
        func add(_ tag: InterestTag, _ match: Canonicalizer.Match?) {
            guard out.count < limit, !seen.contains(tag), let row = vocabulary.index(of: tag) else { return }
            seen.insert(tag)
            out.append(
                InterestSuggestion(
                    tag: tag, label: vocabulary.phrases[row], category: String(tag.category), match: match))
        }
        let outcome = canonicalizer.canonicalize(text)
        if let tag = outcome.tag { add(tag, outcome.match) }
        for (row, label) in folded.enumerated() where label.hasPrefix(query) {
            add(vocabulary.tags[row], nil)
        }
        for (row, label) in folded.enumerated() where label.contains(query) { add(vocabulary.tags[row], nil) }
        return out
    }

    /// The label of `tag`, or its slug when the vocabulary does not have it.
    public func label(of tag: InterestTag) -> String {
        guard let vocabulary, let row = vocabulary.index(of: tag) else { return String(tag.slug) }
        return vocabulary.phrases[row]
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

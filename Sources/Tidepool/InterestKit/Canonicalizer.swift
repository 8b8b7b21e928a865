import Foundation
import PlaceKit

/// Maps raw strings (Spotify genres, OSM tags, Apple POI categories, onboarding labels, typed
/// text) to canonical tags of a vocabulary, or says clearly that it does not know.
///
/// Text is folded as place search folds it (``CategoryRegistry/normalizedQuery(_:)``: case,
/// diacritics and punctuation; `&` reads "and"), then tried, in order, as: a `category:slug`
/// tag; an OSM `key=value` or an Apple `MKPOICategory…` name through PlaceKit's category
/// registry (→ `venue:<category id>`); a tag slug or synonym (the hinted category first, then
/// ``InterestTag/categories`` order), also as its singular or plural ("galleries", "arts");
/// a simple stem or gerund of it ("kayak" → `activity:kayaking`, "hikers" → `activity:hiking`),
/// reported as ``Match/stem``; a PlaceKit search term ("kahvila" → `venue:cafe`); for multi-word
/// text, the longest tail that is a tag ("finnish indie rock" → `music:indie_rock`), reported as
/// ``Match/partial``; and last, when the canonicaliser has ``TypedWords``, the nearest tag of a
/// word of the typed-word list by the model's vectors ("breadmaking" → `food:bread`), reported as
/// ``Outcome/nearest(_:similarity:)`` with its cosine, and only at or above the words' floor.
/// Everything else is ``Outcome/unknown``.
public struct Canonicalizer: Sendable {
    /// How a string was matched.
    public enum Match: String, Sendable, Codable {
        /// It was a tag of the vocabulary.
        case exact
        /// It was a tag's slug (or its singular/plural).
        case slug
        /// It was one of a tag's synonyms.
        case synonym
        /// An OSM tag or Apple POI category, through PlaceKit's registry.
        case placeCategory
        /// A trailing part of it was a tag; the leading qualifiers were dropped.
        case partial
        /// A simple stem or gerund of it was a tag's slug or synonym ("kayak" → kayaking).
        case stem
        /// It is a typed word whose embedding is nearest to the tag (``Outcome/nearest(_:similarity:)``).
        case nearest
    }

    /// The outcome for one string.
    public enum Outcome: Sendable, Equatable {
        /// A tag, and how it was found.
        case tag(InterestTag, Match)
        /// The tag nearest to a typed word by the model's vectors, with their cosine (≥ the floor).
        case nearest(InterestTag, similarity: Double)
        /// Nothing in the vocabulary fits.
        case unknown

        /// The tag, or nil when unknown.
        public var tag: InterestTag? {
            switch self {
            case .tag(let tag, _), .nearest(let tag, _): tag
            case .unknown: nil
            }
        }

        /// How the tag was found (``Match/nearest`` for a nearest tag), or nil when unknown.
        public var match: Match? {
            switch self {
            case .tag(_, let match): match
            case .nearest: .nearest
            case .unknown: nil
            }
        }

        /// The cosine of a nearest tag; nil for every other outcome.
        public var similarity: Double? {
            if case .nearest(_, let similarity) = self { return similarity }
            return nil
        }
    }

    private let vocabulary: InterestVocabulary
    private let registry: CategoryRegistry
    /// Folded slug or synonym text → tags carrying it, in category priority order.
    private let bySlug: [String: [InterestTag]]
    private let bySynonym: [String: [InterestTag]]
    private let typedWords: TypedWords?

    /// A canonicaliser over `vocabulary`, mapping place categories through `registry`, and free
    /// text through `typedWords` when given (``TypedWords/bundled(for:)``); without it free text
    /// that names no tag is unknown.
    public init(vocabulary: InterestVocabulary, registry: CategoryRegistry = .standard, typedWords: TypedWords? = nil) {
        self.vocabulary = vocabulary
        self.registry = registry
        self.typedWords = typedWords
        var bySlug: [String: [InterestTag]] = [:]
        var bySynonym: [String: [InterestTag]] = [:]
        for (row, tag) in vocabulary.tags.enumerated() {
            bySlug[Self.fold(String(tag.slug)), default: []].append(tag)
            for synonym in vocabulary.synonyms[row] { bySynonym[Self.fold(synonym), default: []].append(tag) }
        }
        let rank = Dictionary(uniqueKeysWithValues: InterestTag.categories.enumerated().map { ($1, $0) })
        let order: ([InterestTag]) -> [InterestTag] = { tags in
            tags.sorted { (rank[String($0.category)] ?? 99) < (rank[String($1.category)] ?? 99) }
        }
        self.bySlug = bySlug.mapValues(order)
        self.bySynonym = bySynonym.mapValues(order)
    }

    /// The tag for `raw`; `category` (e.g. `"music"` for Spotify genres) is preferred when a
    /// name exists in several categories.
    public func canonicalize(_ raw: String, preferring category: String? = nil) -> Outcome {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .unknown }
        if let tag = InterestTag(trimmed.lowercased()), vocabulary.contains(tag) { return .tag(tag, .exact) }
        if let tag = placeCategoryTag(trimmed) { return .tag(tag, .placeCategory) }
        let folded = Self.fold(trimmed)
        guard !folded.isEmpty else { return .unknown }
        if let outcome = lookUp(folded, preferring: category) { return outcome }
        if let tag = registry.categories(matchingQuery: trimmed).lazy.compactMap(venueTag).first {
            return .tag(tag, .placeCategory)
        }
        let words = folded.split(separator: "_")
        if words.count > 1 {
            for start in 1..<words.count {
                let tail = words[start...].joined(separator: "_")
                if case .tag(let tag, _)? = lookUp(tail, preferring: category) { return .tag(tag, .partial) }
            }
        }
        if let typedWords {
            for form in Self.forms(of: folded) where typedWords.contains(folded: form) {
                guard let hit = typedWords.nearest(folded: form, preferring: category) else { break }
                return .nearest(hit.tag, similarity: hit.similarity)
            }
        }
        return .unknown
    }

    private func lookUp(_ folded: String, preferring category: String?) -> Outcome? {
        let forms = Self.forms(of: folded)
        for form in forms {
            if let tags = bySlug[form], let tag = pick(tags, category) { return .tag(tag, .slug) }
            if let tags = bySynonym[form], let tag = pick(tags, category) { return .tag(tag, .synonym) }
        }
        // A stem or gerund names an activity ("swim" → swimming): without a hint, prefer activities.
        for form in forms.flatMap(Self.stems(of:)) {
            if let tags = bySlug[form] ?? bySynonym[form], let tag = pick(tags, category ?? "activity") {
                return .tag(tag, .stem)
            }
        }
        return nil
    }

    private func pick(_ tags: [InterestTag], _ category: String?) -> InterestTag? {
        if let category, let preferred = tags.first(where: { $0.category == category }) { return preferred }
        return tags.first
    }

    private func placeCategoryTag(_ text: String) -> InterestTag? {
        if text.hasPrefix("MKPOICategory") {
            return registry.category(forAppleCategory: text).flatMap(venueTag)
        }
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, !parts[0].contains(" ") else { return nil }
        return registry.standardCategory(osmKey: parts[0].lowercased(), value: String(parts[1])).flatMap(
            venueTag)
    }

    private func venueTag(_ category: PlaceCategory) -> InterestTag? {
        guard let tag = InterestTag(category: "venue", slug: category.id), vocabulary.contains(tag) else {
            return nil
        }
        return tag
    }

    /// Folds text to slug form: `&` → "and", then place-search folding, words joined by `_`.
    static func fold(_ text: String) -> String {
        CategoryRegistry.normalizedQuery(text.replacingOccurrences(of: "&", with: " and "))
            .split(separator: " ").joined(separator: "_")
    }
}

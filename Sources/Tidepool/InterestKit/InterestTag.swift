/// A canonical interest tag of the vocabulary: `category:slug`, e.g. `music:indie_rock`.
///
/// The category is one of ``InterestTag/categories``; the slug is lower_snake_case ASCII.
/// Tags are plain values; whether a tag exists is the vocabulary's business
/// (``InterestVocabulary/index(of:)``).
public struct InterestTag: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The text form, `category:slug`.
    public let rawValue: String

    /// The categories of the vocabulary, in the canonicaliser's priority order for bare names.
    public static let categories = ["music", "cuisine", "venue", "activity", "culture", "lifestyle", "food"]

    /// A tag from its text form; `nil` unless it reads `category:slug` with a known category and a
    /// lower_snake_case ASCII slug.
    public init?(_ rawValue: String) {
        guard let colon = rawValue.firstIndex(of: ":") else { return nil }
        let category = rawValue[..<colon]
        let slug = rawValue[rawValue.index(after: colon)...]
        guard Self.categories.contains(String(category)), Self.isSlug(slug) else { return nil }
        self.rawValue = rawValue
    }

    /// A tag from a category and a slug (both checked as in ``init(_:)``).
    public init?(category: String, slug: String) { self.init("\(category):\(slug)") }

    /// The part before the colon: `music`.
    public var category: Substring { rawValue.prefix { $0 != ":" } }

    /// The part after the colon: `indie_rock`.
    public var slug: Substring { rawValue.drop { $0 != ":" }.dropFirst() }

    public var description: String { rawValue }

    public static func < (lhs: InterestTag, rhs: InterestTag) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let tag = InterestTag(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a category:slug interest tag: \(text)"))
        }
        self = tag
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether `text` is lower_snake_case ASCII: `[a-z0-9]+(_[a-z0-9]+)*`.
    static func isSlug(_ text: Substring) -> Bool {
        var previousUnderscore = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousUnderscore = false
            case UInt8(ascii: "_") where !previousUnderscore: previousUnderscore = true
            default: return false
            }
        }
        return !text.isEmpty && !previousUnderscore
    }
}

/// A tag with a non-negative or negative weight: what the user vector is a weighted sum of.
///
/// A negative weight pushes the user vector away from the tag (a disliked favourite).
public struct WeightedTag: Sendable, Hashable, Codable {
    /// The tag.
    public var tag: InterestTag
    /// Its weight; any finite value (0 contributes nothing).
    public var weight: Double

    /// Creates a weighted tag.
    public init(_ tag: InterestTag, weight: Double = 1) {
        self.tag = tag
        self.weight = weight
    }
}

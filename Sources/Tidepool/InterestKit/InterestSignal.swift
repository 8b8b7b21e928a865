import Foundation

/// Where an interest signal came from. Declared interests seed a cold start; the others are
/// integrations, each optional.
public enum InterestSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Picked by the user at onboarding.
    case declared
    /// Spotify top artists' and tracks' genres.
    case spotify
    /// Apple Maps saved places.
    case appleMaps
    /// Photo place clusters (Photo Wrapped).
    case photos
    /// In-app favourites with a rating.
    case favourites
    /// Instagram declared interests.
    case instagram
}

/// One observation that a person is into a tag: how often, how recently, from which source.
///
/// `strength` carries the source's own intensity (a Spotify rank weight, a rating mapped to
/// −1…1): a negative strength pushes the user vector away from the tag.
public struct InterestSignal: Sendable, Hashable, Codable {
    /// The tag observed.
    public var tag: InterestTag
    /// Where it came from.
    public var source: InterestSource
    /// How many times it was observed (≥ 1; saved places of that category, photo days, plays).
    public var count: Int
    /// When it was last observed.
    public var lastSeen: Date
    /// The source's intensity, −1…1 (default 1).
    public var strength: Double

    /// Creates a signal; `count` below 1 is read as 1 and `strength` is clamped to −1…1.
    public init(
        tag: InterestTag, source: InterestSource, count: Int = 1, lastSeen: Date, strength: Double = 1
    ) {
        self.tag = tag
        self.source = source
        self.count = max(1, count)
        self.lastSeen = lastSeen
        self.strength = strength.isFinite ? min(1, max(-1, strength)) : 0
    }
}

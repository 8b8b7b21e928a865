import Foundation
import PlaceKit

/// One ranked place as every JSON surface writes it: the place's members (``WirePlace``, with or
/// without details) followed by the ranking's. `distance_m`, `score` and `match` are always
/// written (`null` when unknown); `heat` and `interest` only by a personalised ranking, and
/// `reason` only when a personalised ranking can say why the place ranks where it does.
public struct WireSearchResult: Sendable, Equatable, Codable {
    /// The place.
    public var place: WirePlace
    /// Metres from the search centre, nil without one.
    public var distanceM: Double?
    /// The ranking score.
    public var score: Double?
    /// How the text matched (`MatchKind`'s raw value: `exact`, `prefix`, `fuzzy`, …).
    public var match: String?
    /// The tile's released heat weighted for the viewer (personalised search only).
    public var heat: Double?
    /// The viewer's interest alignment with the place (personalised search only).
    public var interest: Double?
    /// Why it ranks where it does ("matches your interest in jazz music", "busy with people
    /// like you"); personalised search only, and absent when nothing personal explains it.
    public var reason: String?

    /// Creates a result from its parts.
    public init(
        place: WirePlace, distanceM: Double?, score: Double?, match: String?, heat: Double? = nil,
        interest: Double? = nil, reason: String? = nil
    ) {
        self.place = place
        self.distanceM = distanceM
        self.score = score
        self.match = match
        self.heat = heat
        self.interest = interest
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case distanceM = "distance_m", score, match, heat, interest, reason
    }

    /// The place's members, then the ranking's, in one object.
    public func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distanceM, forKey: .distanceM)
        try container.encode(score, forKey: .score)
        try container.encode(match, forKey: .match)
        try container.encodeIfPresent(heat, forKey: .heat)
        try container.encodeIfPresent(interest, forKey: .interest)
        try container.encodeIfPresent(reason, forKey: .reason)
    }

    /// Reads the place's members and the ranking's from one object.
    public init(from decoder: any Decoder) throws {
        place = try WirePlace(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distanceM = try container.decodeIfPresent(Double.self, forKey: .distanceM)
        score = try container.decodeIfPresent(Double.self, forKey: .score)
        match = try container.decodeIfPresent(String.self, forKey: .match)
        heat = try container.decodeIfPresent(Double.self, forKey: .heat)
        interest = try container.decodeIfPresent(Double.self, forKey: .interest)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
    }
}

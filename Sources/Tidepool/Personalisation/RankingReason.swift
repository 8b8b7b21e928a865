import InterestKit

/// Why a personalised result ranks where it does, as the app shows it under the place.
public enum RankingReason: Sendable, Equatable {
    /// The viewer's profile tag that contributes most to the place's interest alignment, with
    /// the vocabulary's phrase for it (`music:jazz`, "jazz music").
    case interest(tag: InterestTag, phrase: String)
    /// The place's tile has released heat whose interest mix is close to the viewer's (the
    /// tile's cosine to the viewer).
    case peopleLikeYou(similarity: Double)

    /// The sentence written as `reason`: "matches your interest in jazz music", "busy with
    /// people like you".
    public var text: String {
        switch self {
        case .interest(_, let phrase): "matches your interest in \(phrase)"
        case .peopleLikeYou: "busy with people like you"
        }
    }
}

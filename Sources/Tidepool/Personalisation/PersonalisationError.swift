import InterestKit

/// Why an interest profile could not be embedded.
public enum PersonalisationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `tags[index]` is not in the model's vocabulary, even after canonicalisation.
    case unknownInterest(index: Int, tag: String)
    /// The model refused the (canonical) tags.
    case model(InterestModelError)

    /// One line naming the tag or the model's failure.
    public var description: String {
        switch self {
        case .unknownInterest(let index, let tag):
            "tags[\(index)]: \"\(tag)\" is not a known interest (use category:slug tags such as music:jazz)"
        case .model(let error): "interest model: \(error.description)"
        }
    }
}

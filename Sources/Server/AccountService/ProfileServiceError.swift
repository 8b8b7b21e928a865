import InterestIntegrations
import Personalisation
import ServerRepositories

/// Why a profile was not saved or learned.
public enum ProfileServiceError: Error, Sendable, CustomStringConvertible {
    /// A tag could not be embedded (unknown, or the model failed).
    case interest(PersonalisationError)
    /// A text field (`tags[i]`, an `integrations` name or state) holds a control character.
    case controlCharacter(field: String)
    /// The client's vector cannot be used (all zeros); the reason.
    case invalidVector(String)
    /// The store failed.
    case store(ServerStoreError)
    /// A favourite's place could not be read from the place store (its id, the store's message).
    case placeLookup(placeID: String, detail: String)
    /// A stored favourite could not be mapped (a rating outside 1…5).
    case favourites(IntegrationPayloadError)

    /// One line.
    public var description: String {
        switch self {
        case .interest(let error): error.description
        case .controlCharacter(let field): TextValidation.refusal(field: field)
        case .invalidVector(let reason): "vector \(reason)"
        case .store(let error): error.description
        case .placeLookup(let placeID, let detail):
            "favourite \(placeID): the place could not be read: \(detail)"
        case .favourites(let error): error.description
        }
    }
}

import AccountService
import Personalisation
import ServerRepositories
import TidepoolReads

/// The services' errors as answers, one initialiser per error type (``APIError/init(answering:)``
/// in `APIError+Mapping.swift` is the rest of the one mapping). A handler catches its service's
/// typed error and throws `APIError(error)`; codes are chosen here by case, never by text.
extension APIError {
    /// The answer for a store failure: 404 for a missing row, 409 for a conflict, 400 for a
    /// refused value, 503 `storage` when the database failed.
    init(_ error: ServerStoreError) {
        switch error.kind {
        case .notFound(let what): self = .notFound(what)
        case .conflict: self.init(.conflict, code: .conflict, error.description)
        case .invalidArgument(let what): self = .badRequest(.invalidField, what)
        case .database, .corruptRow: self.init(.serviceUnavailable, code: .storage, error.description)
        }
    }

    /// The answer for a profile that was not saved or learned: 400 for an unknown tag (the
    /// interest error's own answer), the store's status, 500 for a place store failure.
    init(_ error: ProfileServiceError) {
        switch error {
        case .interest(let error): self.init(error)
        case .controlCharacter, .invalidVector: self = .badRequest(.invalidField, error.description)
        case .store(let error): self.init(error)
        case .placeLookup, .favourites: self.init(.internalServerError, code: ._internal, "internal error")
        }
    }

    /// The answer for a favourite that was not saved: 400 for a bad id or note, 404 for an
    /// unknown place, the store's status for a store failure, the profile's for a failed relearn.
    init(_ error: FavouriteServiceError) {
        switch error {
        case .invalidPlaceID, .noteTooLong, .controlCharacter: self = .badRequest(.invalidField, error.description)
        case .noPlace: self = .notFound(error.description)
        case .placeLookup: self.init(.internalServerError, code: ._internal, "internal error")
        case .store(let error): self.init(error)
        case .profile(let error): self.init(error)
        }
    }

    /// The answer for an interest profile that could not be embedded: 400 `unknown_interest`
    /// naming the tag, or 500 `internal` when the model itself failed.
    init(_ error: PersonalisationError) {
        switch error {
        case .unknownInterest: self = .badRequest(.unknownInterest, error.description)
        case .model: self.init(.internalServerError, code: ._internal, "internal error")
        }
    }

    /// The answer for a heat read that failed: 400 `invalid_field` for a viewer vector that
    /// cannot be used, 400 `viewport_too_large`, the store's status, 500 when the releases could
    /// not be read.
    init(_ error: ViewportHeatError) {
        switch error {
        case .invalidVector: self = .badRequest(.invalidField, error.description)
        case .store(let error): self.init(error)
        case .releases: self.init(.internalServerError, code: ._internal, "internal error")
        case .viewportTooLarge(let message): self = .badRequest(.viewportTooLarge, message)
        }
    }
}

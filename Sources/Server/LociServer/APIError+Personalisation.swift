import Personalisation

extension APIError {
    /// The answer for an interest profile that could not be embedded: 400 `unknown_interest`
    /// naming the tag, or 500 `internal` when the model itself failed.
    init(_ error: PersonalisationError) {
        switch error {
        case .unknownInterest: self = .badRequest(.unknownInterest, error.description)
        case .model: self.init(.internalServerError, code: ._internal, "internal error")
        }
    }
}

import AppAttest
import ServerRepositories

/// Why a registration was refused.
public enum RegistrationRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A field the verifier needs is missing or not in its encoding (`key_id` is not base64).
    case invalidField(name: String, reason: String)
    /// The challenge was never issued, was spent before, or expired.
    case unknownChallenge
    /// App Attest refused the attestation at the step named.
    case appAttest(AppAttestError)
    /// The verifier refused it for the reason given.
    case refused(String)
    /// The store failed.
    case storage(ServerStoreError)

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .invalidField(let name, let reason): "\(name): \(reason)"
        case .unknownChallenge:
            "the challenge is unknown, expired or already used; ask POST /v1/auth/challenge for a new one"
        case .appAttest(let error): "App Attest: \(error)"
        case .refused(let reason): reason
        case .storage(let error): "\(error)"
        }
    }
}

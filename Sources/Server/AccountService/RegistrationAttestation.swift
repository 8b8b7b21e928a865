/// What a registration presents as proof that it comes from a genuine app install.
public struct RegistrationEvidence: Sendable, Equatable {
    /// The platform's attestation: base64 of App Attest's attestation object on iOS; any
    /// non-empty string to the development verifier.
    public var attestation: String
    /// `ios`, `android`, `web` or `unknown`.
    public var platform: String
    /// App Attest's key id, base64 (as `DCAppAttestService.generateKey` returns it).
    public var keyID: String?
    /// The challenge from `POST /v1/auth/challenge`, as received (its UTF-8 bytes are what the
    /// app hashes into `clientDataHash`).
    public var challenge: String?

    /// Creates the evidence.
    public init(attestation: String, platform: String, keyID: String? = nil, challenge: String? = nil) {
        self.attestation = attestation
        self.platform = platform
        self.keyID = keyID
        self.challenge = challenge
    }
}

/// Decides whether a registration comes from a genuine app install. Two implementations:
/// ``AppAttestRegistration`` (production) and ``DevelopmentAttestation`` (only by an explicit
/// flag: it accepts anything).
public protocol RegistrationAttestation: Sendable {
    /// One line saying what is accepted, for the start-up log and `/health`.
    var summary: String { get }
    /// Whether this verifier hands out challenges (App Attest does; the development one needs none).
    var usesChallenges: Bool { get }
    /// Accepts `evidence` at `now` (Unix seconds), or says why not.
    func check(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal)
}

/// The development verifier: any non-empty attestation of at most 8 KiB, on any platform. It
/// makes registrations free, so `loci serve` runs it only when told to
/// (`--development-attestation`) and says so at start-up and in `/health`.
public struct DevelopmentAttestation: RegistrationAttestation {
    /// Creates the verifier.
    public init() {}

    /// `development (any non-empty string is accepted)`.
    public var summary: String { "development (any non-empty string is accepted)" }

    /// False: no challenge is needed.
    public var usesChallenges: Bool { false }

    /// Accepts a non-empty attestation of at most 8 KiB.
    public func check(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal) {
        guard !evidence.attestation.isEmpty, evidence.attestation.utf8.count <= 8_192 else {
            throw .refused("the attestation must be a non-empty string of at most 8 KiB")
        }
    }
}

import AppAttest
import Foundation

/// The production verifier: Apple App Attest (``AppAttestVerifier``) on a challenge this
/// server issued. A registration must be `platform: "ios"` with `key_id` and `challenge`; the
/// challenge is spent before the attestation is checked, so a refused attempt cannot be retried
/// with it.
///
/// The verified key is not kept: registration is the only place the server asks for App Attest
/// (what a deployment that verifies assertions would add is in ``AppAttestVerifier``'s notes).
public struct AppAttestRegistration: RegistrationAttestation {
    private let verifier: AppAttestVerifier
    private let challenges: ChallengeService

    /// Creates the verifier from App Attest's and the challenge service.
    public init(verifier: AppAttestVerifier, challenges: ChallengeService) {
        self.verifier = verifier
        self.challenges = challenges
    }

    /// `App Attest (app ids: …; environments: …)`.
    public var summary: String {
        let environments = verifier.environments.map(\.rawValue).sorted().joined(separator: ", ")
        return "App Attest (app ids: \(verifier.appIDs.joined(separator: ", ")); environments: \(environments))"
    }

    /// True: registrations need a challenge.
    public var usesChallenges: Bool { true }

    /// Spends the challenge, then verifies the attestation at `now`.
    public func check(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal) {
        guard evidence.platform == "ios" else {
            throw .invalidField(name: "platform", reason: "must be ios: this server accepts App Attest only")
        }
        guard let challenge = evidence.challenge, !challenge.isEmpty else {
            throw .invalidField(name: "challenge", reason: "required: ask POST /v1/auth/challenge for one")
        }
        guard let keyText = evidence.keyID, let keyID = Data(base64Encoded: keyText), keyID.count == 32 else {
            throw .invalidField(name: "key_id", reason: "required: the 32-byte key id, base64")
        }
        guard let attestation = Data(base64Encoded: evidence.attestation) else {
            throw .invalidField(name: "attestation", reason: "must be the attestation object, base64")
        }
        let spent: Bool
        do { spent = try await challenges.spend(challenge, at: now) } catch { throw .storage(error) }
        guard spent else { throw .unknownChallenge }
        do {
            _ = try await verifier.verify(
                attestation: Array(attestation), keyID: Array(keyID), challenge: Array(challenge.utf8),
                at: Date(timeIntervalSince1970: TimeInterval(now)))
        } catch { throw .appAttest(error) }
    }
}

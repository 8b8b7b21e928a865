import AccountService
import AppAttest
import Foundation
import LociServerStore
import ServerRepositories
import Synchronization
import Testing

/// Registration through ``RegistrationService``: the challenge's life and the two verifiers.
@Suite("Registration service")
struct RegistrationServiceTests {
    let files: ServerFiles
    let service: RegistrationService
    let challenges: ChallengeService

    init() async throws {
        files = try await ServerFiles()
        let secrets = Counter()
        challenges = ChallengeService(store: files.store, lifetime: 300, makeSecret: { "challenge-\(secrets.next())" })
        let verifier = try AppAttestVerifier(appIDs: ["ABCDE12345.com.example.app"], environments: [.production])
        service = RegistrationService(
            attestation: AppAttestRegistration(verifier: verifier, challenges: challenges),
            sessions: SessionService(store: files.store, lifetimes: .init(access: 3_600, refresh: 86_400)))
    }

    /// A base64 key id of 32 bytes.
    static let keyID = Data(repeating: 7, count: 32).base64EncodedString()

    func refusal(_ evidence: RegistrationEvidence, at now: Int64 = 1_000) async -> RegistrationRefusal? {
        do {
            _ = try await service.register(evidence, at: now)
            return nil
        } catch { return error }
    }

    @Test("an issued challenge is spent by a refused attestation, so it cannot be retried")
    func challengeSpentOnRefusal() async throws {
        let challenge = try await challenges.issue(at: 1_000)
        #expect(challenge.expiresAt == 1_300)
        let evidence = RegistrationEvidence(
            attestation: Data([0xa0]).base64EncodedString(), platform: "ios", keyID: Self.keyID,
            challenge: challenge.value)
        guard case .appAttest(.malformedAttestationObject(field: "fmt")) = await refusal(evidence) else {
            Issue.record("expected the attestation object to be refused")
            return
        }
        #expect(await refusal(evidence) == .unknownChallenge)
    }

    @Test("an expired challenge is refused; fields are checked before the challenge is spent")
    func expiryAndFields() async throws {
        let challenge = try await challenges.issue(at: 1_000)
        var evidence = RegistrationEvidence(
            attestation: "AAAA", platform: "android", keyID: Self.keyID, challenge: challenge.value)
        #expect(await refusal(evidence) == .invalidField(name: "platform", reason: "must be ios: this server accepts App Attest only"))
        evidence.platform = "ios"
        evidence.keyID = "c2hvcnQ="
        guard case .invalidField(name: "key_id", _) = await refusal(evidence) else {
            Issue.record("expected key_id to be refused")
            return
        }
        evidence.keyID = Self.keyID
        // Still unspent after the refusals above, but expired at 1 300.
        #expect(await refusal(evidence, at: 1_300) == .unknownChallenge)
    }

    @Test("the development verifier registers any non-empty attestation and refuses an empty one")
    func development() async throws {
        let open = RegistrationService(
            attestation: DevelopmentAttestation(),
            sessions: SessionService(store: files.store, lifetimes: .init(access: 3_600, refresh: 86_400)))
        let registration = try await open.register(RegistrationEvidence(attestation: "x", platform: "unknown"), at: 5)
        #expect(registration.session.accessExpiresAt == 3_605)
        await #expect(throws: RegistrationRefusal.self) {
            _ = try await open.register(RegistrationEvidence(attestation: "", platform: "ios"), at: 5)
        }
    }
}

/// A thread-safe counter for made-up secrets.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

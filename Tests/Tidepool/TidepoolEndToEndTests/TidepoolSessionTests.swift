import AccountService
import Foundation
import Synchronization
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolTestServer

/// A verifier that accepts everything and keeps what each registration presented.
final class RecordingVerifier: RegistrationAttestation {
    private let seen = Mutex<[RegistrationEvidence]>([])
    var evidence: [RegistrationEvidence] { seen.withLock { $0 } }
    var summary: String { "records every registration (tests)" }
    var usesChallenges: Bool { true }
    func check(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal) {
        seen.withLock { $0.append(evidence) }
    }
}

@Suite("Tidepool session: registration on first launch")
@MainActor
struct TidepoolSessionTests {
    @Test("a first launch registers once over the server's challenge; the next launch is registered already")
    func firstLaunch() async throws {
        let verifier = RecordingVerifier()
        let server = try await ClientTestServer.start(attestation: verifier)
        defer { server.stop() }
        let credentials = InMemoryCredentialStore()
        let attestation = FakeAttestationProvider()
        let session = TidepoolSession(
            client: TidepoolClient(serverURL: server.baseURL, credentials: credentials),
            attestation: attestation,
            settingsStore: InMemoryTidepoolSettingsStore())
        try await session.start()
        #expect(session.registration == .unregistered)
        #expect(!session.isRegistered)

        let id = try await session.registerIfNeeded()
        #expect(session.registration == .registered(deviceID: id))
        let challenges = await attestation.challenges
        #expect(challenges.count == 1)
        let presented = try #require(verifier.evidence.first)
        #expect(presented.challenge == challenges.first)
        #expect(presented.keyID == "ZmFrZS1rZXk=")
        #expect(presented.platform == "ios")
        #expect(presented.attestation == "fake-attestation:\(challenges[0])")
        #expect(try await server.store.deviceSecretHash(deviceID: id) != nil)

        // The next launch: same credential store, a new session; no second registration.
        let relaunched = TidepoolSession(
            client: TidepoolClient(serverURL: server.baseURL, credentials: credentials),
            attestation: attestation,
            settingsStore: InMemoryTidepoolSettingsStore())
        try await relaunched.start()
        #expect(relaunched.registration == .registered(deviceID: id))
        #expect(try await relaunched.registerIfNeeded() == id)
        #expect(await attestation.challenges.count == 1)
        #expect(verifier.evidence.count == 1)
    }

    @Test("an attestation the phone cannot make, or one the server refuses, leaves the device unregistered")
    func refusals() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let failing = TidepoolSession(
            client: TidepoolClient(serverURL: server.baseURL),
            attestation: FakeAttestationProvider(failing: AttestationFailure("unsupported device")),
            settingsStore: InMemoryTidepoolSettingsStore())
        await #expect(throws: TidepoolSessionError.attestation(AttestationFailure("unsupported device"))) {
            try await failing.registerIfNeeded()
        }
        #expect(failing.registration == .unregistered)
        #expect(failing.lastError == .attestation(AttestationFailure("unsupported device")))

        let refusing = try await ClientTestServer.start(attestation: RefusingVerifier())
        defer { refusing.stop() }
        let refused = TidepoolSession(
            client: TidepoolClient(serverURL: refusing.baseURL), attestation: FakeAttestationProvider(),
            settingsStore: InMemoryTidepoolSettingsStore())
        do {
            try await refused.registerIfNeeded()
            Issue.record("a refused registration succeeded")
        } catch {
            guard case .client(.attestationRefused) = error else {
                Issue.record("expected attestation_refused, got \(error)")
                return
            }
        }
        #expect(refused.registration == .unregistered)
        #expect(try await refused.client.credentials() == nil)
    }

    @Test("settings are saved before they are published; a failed save publishes nothing")
    func settings() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tp-session-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("settings.json")
        let session = TidepoolSession(
            client: TidepoolClient(serverURL: server.baseURL), attestation: FakeAttestationProvider(),
            settingsStore: FileTidepoolSettingsStore(url: url))
        try await session.start()
        try await session.updateSettings { $0.reportingEnabled = true }
        #expect(session.settings.reportingEnabled)
        #expect(try await FileTidepoolSettingsStore(url: url).load().reportingEnabled)

        // A directory where the file should be: the save fails, the published settings stay.
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("blocker"), withIntermediateDirectories: true)
        await #expect(throws: TidepoolSessionError.self) {
            try await session.updateSettings { $0.integrations = ["spotify"] }
        }
        #expect(session.settings.integrations.isEmpty)
    }
}

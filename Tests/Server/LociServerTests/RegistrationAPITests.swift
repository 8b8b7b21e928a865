import Crypto
import Foundation
import LociServer
import Testing

/// `POST /v1/auth/challenge` and `POST /v1/auth/anonymous` under App Attest and the development
/// verifier, and the per-client registration limit.
@Suite("Registration API")
struct RegistrationAPITests {
    /// A server that verifies App Attest for the fixture's app id in the development environment.
    static func appAttestServer(_ adjust: @escaping (inout ServerConfiguration) -> Void = { _ in }) async throws
        -> TestServer
    {
        try await TestServer.start { configuration in
            configuration.appAttestAppIDs = [AppAttestFixture.appID]
            configuration.appAttestEnvironments = [.development]
            adjust(&configuration)
        }
    }

    func registration(challenge: String, keyID: String = AppAttestFixture.keyID) -> [String: String] {
        [
            "attestation": AppAttestFixture.attestation, "platform": "ios", "key_id": keyID,
            "challenge": challenge,
        ]
    }

    @Test("a real attestation on its challenge registers once; the spent challenge is refused after")
    func realAttestation() async throws {
        let server = try await Self.appAttestServer()
        defer { server.stop() }
        // The sample was made in January 2021 on the challenge `wurzelpfropf`: the server's clock
        // goes there, and that challenge is stored as if this server had issued it.
        server.clock.now = AppAttestFixture.madeAt
        try await server.store.storeChallenge(
            hash: Data(SHA256.hash(data: Data(AppAttestFixture.challenge.utf8))),
            expiresAt: AppAttestFixture.madeAt + 300, at: AppAttestFixture.madeAt)
        let first = try await server.send(
            "POST", "/v1/auth/anonymous", json: registration(challenge: AppAttestFixture.challenge))
        #expect(first.status == 201, "\(first.text)")
        #expect(first.json["access_token"] is String && first.json["device_secret"] is String)
        let again = try await server.send(
            "POST", "/v1/auth/anonymous", json: registration(challenge: AppAttestFixture.challenge))
        #expect(again.status == 403)
        #expect(again.json["code"] as? String == "attestation_refused")
        #expect((again.json["message"] as? String)?.contains("challenge is unknown") == true, "\(again.text)")
    }

    @Test("an issued challenge with a made-up attestation is refused naming the step, and is spent")
    func madeUpAttestation() async throws {
        let server = try await Self.appAttestServer()
        defer { server.stop() }
        let issued = try await server.send("POST", "/v1/auth/challenge")
        #expect(issued.status == 201)
        let challenge = try #require(issued.json["challenge"] as? String)
        #expect(challenge.count == 43)
        #expect(issued.json["expires_in"] as? Int == 300)
        #expect(issued.json["expires_at"] as? Int == Int(server.clock.now) + 300)
        // The real attestation, but on this challenge: its nonce does not match (step 4).
        let refused = try await server.send("POST", "/v1/auth/anonymous", json: registration(challenge: challenge))
        #expect(refused.status == 403)
        let message = try #require(refused.json["message"] as? String)
        #expect(message.contains("step"), "\(message)")
        let retry = try await server.send("POST", "/v1/auth/anonymous", json: registration(challenge: challenge))
        #expect((retry.json["message"] as? String)?.contains("challenge is unknown") == true, "\(retry.text)")
    }

    @Test("App Attest registration needs ios, key_id and a challenge; the old body is refused")
    func fieldsRequired() async throws {
        let server = try await Self.appAttestServer()
        defer { server.stop() }
        let old = try await server.send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "test-device", "platform": "ios"])
        #expect(old.status == 400)
        #expect(old.json["code"] as? String == "invalid_field")
        var android = registration(challenge: "c")
        android["platform"] = "android"
        #expect(try await server.send("POST", "/v1/auth/anonymous", json: android).status == 400)
        let badKey = try await server.send(
            "POST", "/v1/auth/anonymous", json: registration(challenge: "c", keyID: "not base64!"))
        #expect(badKey.status == 400)
        #expect((badKey.json["message"] as? String)?.contains("key_id") == true)
        let unknown = try await server.send("POST", "/v1/auth/anonymous", json: registration(challenge: "never-issued"))
        #expect(unknown.status == 403)
    }

    @Test("/health says which verifier registration runs")
    func health() async throws {
        let appAttest = try await Self.appAttestServer()
        defer { appAttest.stop() }
        let attested = try await appAttest.send("GET", "/health")
        #expect(
            attested.json["attestation"] as? String
                == "App Attest (app ids: \(AppAttestFixture.appID); environments: development)")
        let development = try await TestServer.start()
        defer { development.stop() }
        let open = try await development.send("GET", "/health")
        #expect(open.json["attestation"] as? String == "development (any non-empty string is accepted)")
    }

    @Test("registrations over the per-client limit get 429 with Retry-After; challenges have their own bucket")
    func rateLimited() async throws {
        let server = try await TestServer.start { $0.registrationsPerMinute = 3 }
        defer { server.stop() }
        for _ in 0..<3 { _ = try await server.register() }
        let refused = try await server.send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "one-too-many", "platform": "ios"])
        #expect(refused.status == 429)
        #expect(refused.json["code"] as? String == "rate_limited")
        // 3 per minute: the next token comes in 20 s.
        #expect(refused.headers["retry-after"] == "20")
        for _ in 0..<3 { #expect(try await server.send("POST", "/v1/auth/challenge").status == 201) }
        #expect(try await server.send("POST", "/v1/auth/challenge").status == 429)
        // A minute later the bucket is full again.
        server.clock.now += 60
        _ = try await server.register()
    }
}

import Foundation
import LociServer
import Testing
import TidepoolTokens

/// The token cap's unit: the App Attest key a device registered with, which survives "Delete
/// everything" (the app's Keychain keeps the key), so deleting the account is no fresh budget.
@Suite("Token budget per App Attest key")
struct TokenBudgetTests {
    /// Registers with `keyID` (the development verifier accepts any attestation) and returns the
    /// access token.
    static func register(_ server: TestServer, keyID: String) async throws -> String {
        let answer = try await server.send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "test-device", "platform": "ios", "key_id": keyID])
        #expect(answer.status == 201)
        return try #require(answer.json["access_token"] as? String)
    }

    /// Asks for the current epoch's token: the status and error code.
    static func ask(_ server: TestServer, access: String) async throws -> (Int, String?) {
        let epochAnswer = try await server.send("GET", "/v1/tidepool/epoch")
        let epoch = try #require(epochAnswer.json["epoch"] as? Int)
        let keyText = try #require(epochAnswer.json["public_key"] as? String)
        let key = try #require(Data(base64Encoded: keyText))
        let pending = try TokenClient().request(epoch: Int64(epoch), publicKeyDER: key)
        let answer = try await server.send(
            "POST", "/v1/tidepool/tokens",
            json: ["epoch": epoch, "blinded_message": pending.blindedMessage.base64EncodedString()], token: access)
        return (answer.status, answer.json["code"] as? String)
    }

    @Test("a device that deletes its account and registers again with the same attest key gets no fresh budget")
    func deleteIsNoFreshBudget() async throws {
        let server = try await TestServer.start { $0.dailyEpochs = 2 }
        defer { server.stop() }
        let key = Data(repeating: 7, count: 32).base64EncodedString()
        var access = try await Self.register(server, keyID: key)
        for _ in 0..<2 {
            #expect(try await Self.ask(server, access: access).0 == 200)
            server.clock.now += TestServer.epochSeconds
            try await server.services.engine.tick()
        }
        #expect(try await Self.ask(server, access: access) == (409, "day_spent"))
        #expect(try await server.send("DELETE", "/v1/me", token: access).status == 204)
        access = try await Self.register(server, keyID: key)
        #expect(try await Self.ask(server, access: access) == (409, "day_spent"))
        // Another key (another phone) has its own budget.
        let other = try await Self.register(server, keyID: Data(repeating: 8, count: 32).base64EncodedString())
        #expect(try await Self.ask(server, access: other).0 == 200)
    }

    @Test("the batch route signs the current and coming epochs in one request and refuses past the cap")
    func batchRoute() async throws {
        let server = try await TestServer.start { $0.dailyEpochs = 2 }
        defer { server.stop() }
        let access = try await server.register()
        // The coming epoch's key, as a running server's ticker makes it (a read of the list waits
        // for the current epoch's key only).
        let engine = server.services.engine
        try await engine.prepareKeys(through: engine.currentEpoch + 1)
        let keys = try await server.send("GET", "/v1/tidepool/keys")
        #expect(keys.status == 200)
        let listed = try #require(keys.json["keys"] as? [[String: Any]])
        var published: [Int64: Data] = [:]
        for key in listed {
            let epoch = try #require(key["epoch"] as? Int)
            let text = try #require(key["public_key"] as? String)
            let der = try #require(Data(base64Encoded: text))
            published[Int64(epoch)] = der
        }
        let list = PublishedEpochKeys(keys: published)
        #expect(keys.json["digest"] as? String == list.digest)
        let client = TokenClient()
        let epochs = published.keys.sorted()
        #expect(epochs.count == 2)
        let pendings = try epochs.map { e throws in try client.request(epoch: e, publicKeyDER: published[e] ?? Data(), published: list) }
        let body: [String: Any] = [
            "tokens": pendings.map { ["epoch": Int($0.epoch), "blinded_message": $0.blindedMessage.base64EncodedString()] }
        ]
        let signed = try await server.send("POST", "/v1/tidepool/tokens/batch", json: body, token: access)
        #expect(signed.status == 200)
        let answers = try #require(signed.json["tokens"] as? [[String: Any]])
        #expect(answers.count == 2)
        for (pending, answer) in zip(pendings, answers) {
            #expect(answer["epoch"] as? Int == Int(pending.epoch))
            let text = try #require(answer["blind_signature"] as? String)
            let signature = try #require(Data(base64Encoded: text))
            _ = try client.finish(pending, blindSignature: signature)
        }
        // Three at once pass the cap of two: 400, nothing recorded.
        let fresh = try await server.register()
        let three: [String: Any] = [
            "tokens": (0..<3).map { i in ["epoch": Int(epochs[0]) + i, "blinded_message": pendings[0].blindedMessage.base64EncodedString()] }
        ]
        #expect(try await server.send("POST", "/v1/tidepool/tokens/batch", json: three, token: fresh).status == 400)
        #expect(try await server.send("POST", "/v1/tidepool/tokens/batch", json: body, token: fresh).status == 200)
    }
}

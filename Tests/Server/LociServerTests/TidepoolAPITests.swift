import Foundation
import GeoKit
import LociServer
import LociServerStore
import ServerRepositories
import Testing
import TidepoolTokens

/// Tokens and anonymous ingest through real HTTP.
@Suite("Tidepool API")
struct TidepoolAPITests {
    /// Gets a token for the current epoch through the API, as a device would.
    static func token(_ server: TestServer, accessToken: String) async throws -> PresenceToken {
        let epochAnswer = try await server.send("GET", "/v1/tidepool/epoch")
        let epoch = try #require(epochAnswer.json["epoch"] as? Int)
        let keyText = try #require(epochAnswer.json["public_key"] as? String)
        let key = try #require(Data(base64Encoded: keyText))
        let client = TokenClient()
        let pending = try client.request(epoch: Int64(epoch), publicKeyDER: key)
        let signed = try await server.send(
            "POST", "/v1/tidepool/tokens",
            json: ["epoch": epoch, "blinded_message": pending.blindedMessage.base64EncodedString()],
            token: accessToken)
        #expect(signed.status == 200)
        let signatureText = try #require(signed.json["blind_signature"] as? String)
        let signature = try #require(Data(base64Encoded: signatureText))
        return try client.finish(pending, blindSignature: signature)
    }

    static let cafeTile = GridTiler.standard.tile(
        for: Coordinate(uncheckedLatitude: TestServer.cafe.lat, longitude: TestServer.cafe.lon))

    @Test("issue once per device per epoch, ingest once per token, count exactly the accepted reports")
    func flow() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let epoch = TestServer.startEpoch
        var accepted = 0
        for _ in 0..<3 {
            let access = try await server.register()
            let token = try await Self.token(server, accessToken: access)
            // A second token in the same epoch is refused.
            let again = try await server.send(
                "POST", "/v1/tidepool/tokens",
                json: ["epoch": epoch, "blinded_message": Data(count: 256).base64EncodedString()],
                token: access)
            #expect(again.status == 409)
            #expect(again.json["code"] as? String == "already_issued")
            let body = token.redemption(for: Self.cafeTile).json()
            let first = try await server.send("POST", "/v1/tidepool/presence", raw: body)
            #expect(first.status == 202)
            accepted += 1
            let replay = try await server.send("POST", "/v1/tidepool/presence", raw: body)
            #expect(replay.status == 409)
            #expect(replay.json["code"] as? String == "double_spend")
        }
        // Flush at the boundary (before the close delay): the partial counts are exactly the
        // accepted reports.
        server.clock.now = (epoch + 1) * TestServer.epochSeconds
        try await server.services.engine.tick()
        #expect(try await server.store.partialCounts(epoch: epoch) == [Self.cafeTile.rawValue: accepted])
        // After the delay the epoch is closed: a release is stored and the counts are gone.
        server.clock.now += 5
        try await server.services.engine.tick()
        #expect(try await server.store.partialCounts(epoch: epoch).isEmpty)
        #expect(try await server.store.releases(notExpiredAt: server.clock.now).map(\.epoch) == [epoch])
    }

    @Test("ingest refuses coordinates and unknown members with 400 and counts nothing")
    func closedSchema() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let access = try await server.register()
        let token = try await Self.token(server, accessToken: access)
        var object =
            try JSONSerialization.jsonObject(with: token.redemption(for: Self.cafeTile).json())
            as! [String: Any]
        object["lat"] = TestServer.cafe.lat
        object["lng"] = TestServer.cafe.lon
        let answer = try await server.send("POST", "/v1/tidepool/presence", json: object)
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == "unknown_field")
        #expect((answer.json["message"] as? String)?.contains("lat") == true)
        // The token was not spent either: the clean body is still accepted once.
        object["lat"] = nil
        object["lng"] = nil
        let clean = try await server.send("POST", "/v1/tidepool/presence", json: object)
        #expect(clean.status == 202)
        server.clock.now = (TestServer.startEpoch + 1) * TestServer.epochSeconds
        try await server.services.engine.tick()
        #expect(
            try await server.store.partialCounts(epoch: TestServer.startEpoch) == [Self.cafeTile.rawValue: 1])
    }

    @Test("issuance needs an access token; a forged signature is refused")
    func refusals() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let anonymous = try await server.send(
            "POST", "/v1/tidepool/tokens", json: ["epoch": TestServer.startEpoch, "blinded_message": ""])
        #expect(anonymous.status == 401)
        #expect(anonymous.json["code"] as? String == "unauthorized")
        let forged = TokenRedemption(
            tile: Self.cafeTile, epoch: TestServer.startEpoch, nonce: Data(repeating: 1, count: 32),
            signature: Data(repeating: 2, count: 256))
        let answer = try await server.send("POST", "/v1/tidepool/presence", raw: forged.json())
        #expect(answer.status == 403)
        #expect(answer.json["code"] as? String == "invalid_signature")
    }
}

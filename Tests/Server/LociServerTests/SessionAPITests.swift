import Foundation
import LociServer
import Testing

/// Sessions that last, through real HTTP with the manual clock: lifetimes, expiry, refresh,
/// replay, login from the device secret, delete.
@Suite("Session API")
struct SessionAPITests {
    static let hour: Int64 = 3_600
    static let month: Int64 = 2_592_000

    @Test("registration states both lifetimes and returns a refresh token and a device secret")
    func registration() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let now = TestServer.startEpoch * TestServer.epochSeconds + 10  // the clock's start
        let answer = try await server.registration()
        #expect(answer["token_type"] as? String == "Bearer")
        #expect(answer["expires_in"] as? Int64 == Self.hour)
        #expect(answer["expires_at"] as? Int64 == now + Self.hour)
        #expect(answer["refresh_expires_in"] as? Int64 == Self.month)
        #expect(answer["refresh_expires_at"] as? Int64 == now + Self.month)
        let tokens = try [answer.string("access_token"), answer.string("refresh_token"), answer.string("device_secret")]
        #expect(Set(tokens).count == 3)
        #expect(tokens.allSatisfy { $0.count == 43 })
    }

    @Test("the access token expires after its hour; the refresh token then gives a working pair once")
    func expiryAndRefresh() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let first = try await server.registration()
        let access = try first.string("access_token")
        server.clock.now += Self.hour - 1
        #expect(try await server.send("GET", "/v1/favourites", token: access).status == 200)
        server.clock.now += 1
        let expired = try await server.send("GET", "/v1/favourites", token: access)
        #expect(expired.status == 401)
        #expect(expired.json["code"] as? String == "unauthorized")
        let refreshed = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": try first.string("refresh_token")])
        #expect(refreshed.status == 200)
        #expect(refreshed.json["device_id"] as? String == first["device_id"] as? String)
        #expect(refreshed.json["expires_at"] as? Int64 == server.clock.now + Self.hour)
        #expect(refreshed.json["device_secret"] == nil)
        let next = try refreshed.json.string("access_token")
        #expect(try await server.send("GET", "/v1/favourites", token: next).status == 200)
        // A refresh token a month old is refused even if never used.
        server.clock.now += Self.month
        let stale = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": try refreshed.json.string("refresh_token")])
        #expect(stale.status == 401)
        #expect(stale.json["code"] as? String == "unauthorized")
    }

    @Test("replaying a spent refresh token revokes the whole family: the thief's and the owner's tokens")
    func replay() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let first = try await server.registration()
        let stolen = try first.string("refresh_token")
        let owner = try await server.send("POST", "/v1/auth/refresh", json: ["refresh_token": stolen])
        #expect(owner.status == 200)
        let replay = try await server.send("POST", "/v1/auth/refresh", json: ["refresh_token": stolen])
        #expect(replay.status == 401)
        #expect(replay.json["code"] as? String == "refresh_token_reused")
        #expect(try await server.send("GET", "/v1/favourites", token: try owner.json.string("access_token")).status == 401)
        #expect(try await server.send("GET", "/v1/favourites", token: try first.string("access_token")).status == 401)
        let ownerRefresh = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": try owner.json.string("refresh_token")])
        #expect(ownerRefresh.status == 401)
        #expect(ownerRefresh.json["code"] as? String == "refresh_token_reused")
        // The owner still has the secret: a new family, the same device.
        let login = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": try first.string("device_id"), "device_secret": try first.string("device_secret")])
        #expect(login.status == 200)
        #expect(login.json["device_id"] as? String == first["device_id"] as? String)
    }

    @Test("after every token expired, the secret logs the device back in to the same profile and favourites")
    func loginAfterExpiry() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let first = try await server.registration()
        let access = try first.string("access_token")
        _ = try await server.send("PUT", "/v1/profile", json: ["tags": ["jazz"]], token: access)
        let saved = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id, "rating": 5], token: access)
        #expect(saved.status == 201)
        server.clock.now += Self.month + Self.hour
        let refresh = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": try first.string("refresh_token")])
        #expect(refresh.status == 401)
        let login = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": try first.string("device_id"), "device_secret": try first.string("device_secret")])
        #expect(login.status == 200)
        #expect(login.json["expires_in"] as? Int64 == Self.hour)
        #expect(login.json["refresh_expires_at"] as? Int64 == server.clock.now + Self.month)
        let token = try login.json.string("access_token")
        let profile = try await server.send("GET", "/v1/profile", token: token)
        #expect(profile.json["tags"] as? [String] == ["jazz"])
        let favourites = try await server.send("GET", "/v1/favourites", token: token)
        let items = try #require(favourites.json["favourites"] as? [[String: Any]])
        #expect(items.map { $0["place_id"] as? String } == [TestServer.museum.id])
        #expect(items.first?["id"] as? String == saved.json["id"] as? String)
    }

    @Test("a wrong secret or an unknown device is 401 invalid_credentials; attempts per device are rate limited")
    func wrongSecret() async throws {
        let server = try await TestServer.start { $0.rateLimitPerToken = 2 }
        defer { server.stop() }
        let first = try await server.registration()
        let deviceID = try first.string("device_id")
        let wrong = try await server.send(
            "POST", "/v1/auth/login", json: ["device_id": deviceID, "device_secret": "not-the-secret"])
        #expect(wrong.status == 401)
        #expect(wrong.json["code"] as? String == "invalid_credentials")
        let unknown = try await server.send(
            "POST", "/v1/auth/login", json: ["device_id": "nobody", "device_secret": try first.string("device_secret")])
        #expect(unknown.status == 401)
        #expect(unknown.json["code"] as? String == "invalid_credentials")
        // The limiter's clock is frozen: a burst of 4 per device id, then 429 even with the right secret.
        var statuses: [Int] = []
        for _ in 0..<4 {
            statuses.append(
                try await server.send(
                    "POST", "/v1/auth/login", json: ["device_id": deviceID, "device_secret": "guess"]
                ).status)
        }
        #expect(statuses == [401, 401, 401, 429])
        let limited = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": deviceID, "device_secret": try first.string("device_secret")])
        #expect(limited.status == 429)
        #expect(limited.headers["retry-after"] != nil)
        let missing = try await server.send("POST", "/v1/auth/login", json: ["device_id": deviceID])
        #expect(missing.status == 400)
        let extra = try await server.send("POST", "/v1/auth/refresh", json: ["refresh_token": "x", "device_id": "y"])
        #expect(extra.status == 400)
    }

    @Test("delete leaves no usable token: access, refresh and the device secret all stop working")
    func deleteRevokesEverything() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let first = try await server.registration()
        let second = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": try first.string("device_id"), "device_secret": try first.string("device_secret")])
        #expect(second.status == 200)
        let deleted = try await server.send("DELETE", "/v1/me", token: try first.string("access_token"))
        #expect(deleted.status == 204)
        for access in [try first.string("access_token"), try second.json.string("access_token")] {
            #expect(try await server.send("GET", "/v1/me/export", token: access).status == 401)
        }
        for refresh in [try first.string("refresh_token"), try second.json.string("refresh_token")] {
            let answer = try await server.send("POST", "/v1/auth/refresh", json: ["refresh_token": refresh])
            #expect(answer.status == 401)
        }
        let login = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": try first.string("device_id"), "device_secret": try first.string("device_secret")])
        #expect(login.status == 401)
        #expect(login.json["code"] as? String == "invalid_credentials")
    }
}

extension TestServer {
    /// Registers a device and returns the whole answer.
    func registration() async throws -> [String: Any] {
        let answer = try await send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "test-device", "platform": "ios"])
        #expect(answer.status == 201)
        return answer.json
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The string member `key`, or a failed requirement naming it.
    func string(_ key: String) throws -> String {
        try #require(self[key] as? String, "\(key) is missing or not a string")
    }
}

import Foundation
import Testing
import TidepoolTestServer

@testable import TidepoolClient

/// Sessions that last: the access token expires and is refreshed once; a refused refresh token
/// logs the device in again from its secret; delete leaves nothing.
@Suite("Tidepool client: sessions")
struct SessionTests {
    @Test("a registration challenge is single use and lives five minutes; a registration may present it")
    func registrationChallenge() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let client = TidepoolClient.testing(server.baseURL, credentials: InMemoryCredentialStore())
        let first = try await client.registrationChallenge()
        let second = try await client.registrationChallenge()
        #expect(!first.challenge.isEmpty)
        #expect(first.challenge != second.challenge)
        #expect(first.expiresIn == 300)
        #expect(Int64(first.expiresAt) == server.clock.now + 300)
        // The development verifier needs neither field, but the body carrying them is valid.
        let device = try await client.register(
            attestation: "test-device", platform: .ios, keyID: Data(repeating: 7, count: 32).base64EncodedString(),
            challenge: first.challenge)
        #expect(!device.isEmpty)
    }

    @Test("after the access token expires the next call refreshes once and succeeds; the new pair is saved")
    func refreshAfterExpiry() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let proxy = try await RecordingProxy.start(forwardingTo: server.baseURL)
        defer { proxy.stop() }
        let store = InMemoryCredentialStore()
        let client = TidepoolClient.testing(proxy.baseURL, credentials: store)
        let device = try await client.register(attestation: "test-device", platform: .ios)
        try await client.addFavourite(placeID: ClientTestServer.cafe.id, rating: 5)
        let first = try #require(await store.load())
        server.clock.now += 3_601
        let favourites = try await client.favourites()
        #expect(favourites.map(\.placeId) == [ClientTestServer.cafe.id])
        let second = try #require(await store.load())
        #expect(second.deviceID == device)
        #expect(second.deviceSecret == first.deviceSecret)
        #expect(second.accessToken != first.accessToken)
        #expect(second.refreshToken != first.refreshToken)
        #expect(second.accessExpiresAt > server.clock.now)
        let paths = proxy.seen.map(\.path)
        #expect(paths.filter { $0 == "/v1/auth/refresh" }.count == 1)
        #expect(!paths.contains("/v1/auth/login"))
        // The refreshed token works straight away: no second refresh.
        _ = try await client.favourites()
        #expect(proxy.seen.filter { $0.path == "/v1/auth/refresh" }.count == 1)
    }

    @Test(
        "a replayed refresh token revokes the session; the client logs in again from the secret, same device")
    func replayedRefreshLogsIn() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let proxy = try await RecordingProxy.start(forwardingTo: server.baseURL)
        defer { proxy.stop() }
        let store = InMemoryCredentialStore()
        let client = TidepoolClient.testing(proxy.baseURL, credentials: store)
        let device = try await client.register(attestation: "test-device", platform: .ios)
        try await client.addFavourite(placeID: ClientTestServer.museum.id)
        let saved = try #require(await store.load())
        // Someone else spends the device's refresh token first.
        let stolen = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": saved.refreshToken])
        #expect(stolen.status == 200)
        server.clock.now += 3_601
        let favourites = try await client.favourites()
        #expect(favourites.map(\.placeId) == [ClientTestServer.museum.id])
        let paths = proxy.seen.map(\.path)
        #expect(paths.filter { $0 == "/v1/auth/refresh" }.count == 1)
        #expect(paths.filter { $0 == "/v1/auth/login" }.count == 1)
        let renewed = try #require(await store.load())
        #expect(renewed.deviceID == device)
        #expect(renewed.accessToken != saved.accessToken)
        // The thief's session was revoked with the family.
        let thief = try #require(stolen.json["access_token"] as? String)
        #expect(try await server.send("GET", "/v1/favourites", token: thief).status == 401)
    }

    @Test("a client started from saved credentials uses them (the app relaunched)")
    func relaunch() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let store = InMemoryCredentialStore()
        try await TidepoolClient.testing(server.baseURL, credentials: store)
            .register(attestation: "test-device", platform: .ios)
        let relaunched = TidepoolClient.testing(server.baseURL, credentials: store)
        #expect(try await relaunched.favourites().isEmpty)
        let unregistered = TidepoolClient.testing(server.baseURL)
        await #expect(throws: TidepoolClientError.notRegistered) { try await unregistered.favourites() }
    }

    @Test("delete removes the device on the server and the credentials and queue here")
    func deleteLeavesNothing() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let store = InMemoryCredentialStore()
        let client = TidepoolClient.testing(server.baseURL, credentials: store)
        let device = try await client.register(attestation: "test-device", platform: .ios)
        try await client.addFavourite(placeID: ClientTestServer.cafe.id, rating: 4, note: "window seat")
        let export = try await client.export()
        #expect(export.device.deviceId == device)
        #expect(export.favourites.map(\.placeId) == [ClientTestServer.cafe.id])
        let saved = try #require(await store.load())

        try await client.deleteDevice()
        #expect(await store.load() == nil)
        #expect(try await client.credentials() == nil)
        await #expect(throws: TidepoolClientError.notRegistered) { try await client.export() }
        // Nothing the device held opens anything on the server.
        #expect(try await server.send("GET", "/v1/me/export", token: saved.accessToken).status == 401)
        let refresh = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refresh_token": saved.refreshToken])
        #expect(refresh.status == 401)
        let login = try await server.send(
            "POST", "/v1/auth/login",
            json: ["device_id": saved.deviceID, "device_secret": saved.deviceSecret])
        #expect(login.status == 401)
        #expect(try await server.store.favourites(deviceID: device).isEmpty)
    }
}

import Foundation
import InterestIntegrations
import InterestKit
import LociTestSupport
import Synchronization
import Testing

@testable import Spotify

/// The top-items client against a stub Web API on loopback, serving the recorded bodies.
@Suite("Spotify top items: paging, refresh on 401, Retry-After on 429, typed errors")
struct SpotifyAPIClientTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A body from this target's fixtures or InterestIntegrationsTests' (the recorded top items
    /// live there, next to the mapper they were written for).
    static func fixture(_ name: String) throws -> Data {
        let own = folder.appendingPathComponent("Fixtures/\(name)")
        if FileManager.default.fileExists(atPath: own.path) { return try Data(contentsOf: own) }
        return try Data(
            contentsOf: folder.deletingLastPathComponent().appendingPathComponent(
                "InterestIntegrationsTests/Fixtures/\(name)"))
    }

    /// The artists page at offset 4: the recorded page with `offset` 4 and no `next`.
    static func lastArtistsPage() throws -> Data {
        var page = try #require(
            try JSONSerialization.jsonObject(with: fixture("spotify-top-artists-short_term.json"))
                as? [String: Any])
        page["offset"] = 4
        page["next"] = NSNull()
        return try JSONSerialization.data(withJSONObject: page)
    }

    static let token = SpotifyToken(
        accessToken: "access-1", refreshToken: "refresh-1", scope: "user-top-read",
        expiresAt: now.addingTimeInterval(3600))

    /// Values recorded from `@Sendable` closures (the sleeps asked for, the answers given).
    final class Recorder<Value: Sendable>: Sendable {
        let values: Mutex<[Value]> = Mutex([])
        func append(_ value: Value) { values.withLock { $0.append(value) } }
        var all: [Value] { values.withLock { $0 } }
    }

    static func client(_ server: StubHTTPServer, sleeps: Recorder<Double>? = nil) -> SpotifyAPIClient {
        let auth = SpotifyAuthClient(
            configuration: .init(
                clientID: "loci-test-client", redirectURI: URL(string: "loci://spotify-callback")!,
                authorizeURL: server.baseURL.appendingPathComponent("authorize"),
                tokenURL: server.baseURL.appendingPathComponent("api/token")))
        return SpotifyAPIClient(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), pageSize: 4, maximumItems: 100),
            auth: auth, sleep: { seconds in sleeps?.append(seconds) })
    }

    /// Serves the recorded pages to `access-2` only; `access-1` is expired (401 recorded body).
    static func api(_ request: StubRequest) -> StubResponse {
        if request.path == "/api/token" {
            return request.form["refresh_token"] == "refresh-1"
                ? .json(
                    #"{"access_token":"access-2","token_type":"Bearer","scope":"user-top-read","expires_in":3600}"#
                )
                : .json(
                    #"{"error":"invalid_grant","error_description":"Refresh token revoked"}"#, status: 400)
        }
        guard request.headers["authorization"] == "Bearer access-2" else {
            return
                (try? StubResponse.json(
                    file: folder.appendingPathComponent("Fixtures/spotify-error-401.json"), status: 401))
                ?? StubResponse(status: 401)
        }
        switch (request.path, request.query["offset"]) {
        case ("/v1/me/top/artists", "0"):
            return StubResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: (try? fixture("spotify-top-artists-short_term.json")) ?? Data())
        case ("/v1/me/top/artists", "4"):
            return StubResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: (try? lastArtistsPage()) ?? Data())
        case ("/v1/me/top/tracks", "0"):
            return StubResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: (try? fixture("spotify-top-tracks-short_term.json")) ?? Data())
        default:
            return .json(#"{"error":{"status":404,"message":"Service not found"}}"#, status: 404)
        }
    }

    @Test("an expired token is refreshed once, pages follow next, and the tags are the mapper's")
    func fetchesAndMaps() async throws {
        let server = try StubHTTPServer(handler: Self.api)
        defer { server.stop() }
        let model = try InterestModel.bundled()
        let canonicalizer = Canonicalizer(vocabulary: model.vocabulary)
        let (interests, token) = try await Self.client(server).interests(
            ranges: [.shortTerm], token: Self.token, canonicalizer: canonicalizer, now: Self.now)
        #expect(token.accessToken == "access-2")
        #expect(token.refreshToken == "refresh-1")
        let requests = server.requests.filter { $0.path.hasPrefix("/v1/") }.map {
            "\($0.path)?offset=\($0.query["offset"] ?? "")"
        }
        // access-1 is refused once, then the artists' two pages and the tracks' one page.
        #expect(
            requests == [
                "/v1/me/top/artists?offset=0", "/v1/me/top/artists?offset=0", "/v1/me/top/artists?offset=4",
                "/v1/me/top/tracks?offset=0",
            ])
        #expect(server.requests.filter { $0.path == "/api/token" }.count == 1)
        #expect(
            server.requests.first { $0.path == "/v1/me/top/artists" }?.query["time_range"] == "short_term")
        #expect(server.requests.first { $0.path == "/v1/me/top/artists" }?.query["limit"] == "4")
        // The eight artists (two pages of the recorded four) are ranked as one list: Phoebe
        // Bridgers at rank 0 and 4 of 8 weighs (1 + 0.75) / 2 on music:indie_rock.
        let indie = try #require(interests.signals.first { $0.tag.rawValue == "music:indie_rock" })
        #expect(indie.count == 2)
        #expect(abs(indie.strength - (1 + 0.75) / 2) < 1e-12)
        #expect(interests.signals.allSatisfy { $0.source == .spotify })
        #expect(interests.signals.contains { $0.tag.rawValue == "music:electro" })
        #expect(interests.unknown == ["permanent wave"])
    }

    @Test("a 401 after the refresh is unauthorized, with Spotify's message")
    func unauthorizedAfterRefresh() async throws {
        let server = try StubHTTPServer { request in
            request.path == "/api/token"
                ? .json(#"{"access_token":"access-3","token_type":"Bearer","expires_in":3600}"#)
                : (try? StubResponse.json(
                    file: Self.folder.appendingPathComponent("Fixtures/spotify-error-401.json"), status: 401))
                    ?? StubResponse(status: 401)
        }
        defer { server.stop() }
        await #expect(
            throws: SpotifyAPIError.unauthorized(
                request: "top artists (short_term)", message: "The access token expired")
        ) {
            _ = try await Self.client(server).topItems(ranges: [.shortTerm], token: Self.token, now: Self.now)
        }
        #expect(server.requests.filter { $0.path == "/api/token" }.count == 1)
    }

    @Test("a revoked refresh token is the refresh's invalid_grant")
    func refreshRefused() async throws {
        let server = try StubHTTPServer(handler: Self.api)
        defer { server.stop() }
        var token = Self.token
        token.refreshToken = "revoked"
        do {
            _ = try await Self.client(server).topItems(ranges: [.shortTerm], token: token, now: Self.now)
            Issue.record("a revoked refresh token fetched")
        } catch {
            guard case .refresh("top artists (short_term)", .rejected(_, 400, "invalid_grant", _)) = error
            else {
                throw error
            }
        }
    }

    @Test("a 429 waits Retry-After seconds and retries; a long Retry-After is rate_limited")
    func retryAfter() async throws {
        let answered = Recorder<String>()
        let server = try StubHTTPServer { request in
            answered.append(request.path)
            if answered.all.count == 1 {
                return
                    (try? StubResponse.json(
                        file: Self.folder.appendingPathComponent("Fixtures/spotify-error-429.json"),
                        status: 429))
                    .map {
                        var response = $0
                        response.headers["Retry-After"] = "2"
                        return response
                    } ?? StubResponse(status: 429)
            }
            var page =
                try? JSONSerialization.jsonObject(with: Self.fixture("spotify-top-tracks-short_term.json"))
                as? [String: Any]
            page?["items"] = []
            return StubResponse(
                status: 200, body: (try? JSONSerialization.data(withJSONObject: page ?? [:])) ?? Data())
        }
        defer { server.stop() }
        let sleeps = Recorder<Double>()
        var token = Self.token
        token.accessToken = "access-2"
        let items = try await Self.client(server, sleeps: sleeps).topItems(
            ranges: [.longTerm], token: token, now: Self.now)
        #expect(sleeps.all == [2])
        #expect(
            answered.all.first == "/v1/me/top/artists"
                && answered.all.dropFirst().first == "/v1/me/top/artists")
        #expect(items.artists.count == 1 && items.tracks.count == 1)

        let limited = try StubHTTPServer { _ in
            .json(
                #"{"error":{"status":429,"message":"API rate limit exceeded"}}"#, status: 429,
                headers: ["Retry-After": "3600"])
        }
        defer { limited.stop() }
        await #expect(
            throws: SpotifyAPIError.rateLimited(request: "top artists (medium_term)", retryAfter: 3600)
        ) {
            _ = try await Self.client(limited).topItems(ranges: [.mediumTerm], token: token, now: Self.now)
        }
    }

    @Test("other statuses and bodies that are not paging objects are typed errors naming the request")
    func otherErrors() async throws {
        let server = try StubHTTPServer { request in
            request.path.hasSuffix("artists")
                ? .json(#"{"error":{"status":403,"message":"Insufficient client scope"}}"#, status: 403)
                : .json(#"{"unexpected":true}"#)
        }
        defer { server.stop() }
        var token = Self.token
        token.accessToken = "access-2"
        let client = Self.client(server)
        await #expect(
            throws: SpotifyAPIError.http(
                request: "top artists (short_term)", status: 403, message: "Insufficient client scope")
        ) {
            _ = try await client.topItems(ranges: [.shortTerm], token: token, now: Self.now)
        }
        do {
            _ = try await client.pages("tracks", range: .shortTerm, token: &token, now: Self.now)
            Issue.record("a body without items was accepted")
        } catch {
            guard case .malformedResponse("top tracks (short_term)", _) = error else { throw error }
            #expect(error.description.hasPrefix("Spotify top tracks (short_term): unexpected answer"))
        }
    }
}

import Foundation
import GeoKit
import Testing
import TidepoolClient
import TidepoolKit
import TidepoolTestServer

@testable import TidepoolFeature

/// Search as you type (debounced on a manual clock), the server's reasons, and favourites from
/// the details sheet, against `loci serve` on loopback.
@Suite("Tidepool map: search and details")
@MainActor
struct SearchAndDetailTests {
    static let searchRoute = #"route="/v1/places/search""#

    /// Waits until the search's task sleeps on `clock` (it starts on the next turn of the actor);
    /// a search that never waits on the clock fails here rather than hanging.
    static func asleep(_ clock: ManualTidepoolClock, _ count: Int = 1) async {
        var turns = 0
        while clock.sleeperCount != count, turns < 10_000 {
            turns += 1
            await Task.yield()
        }
        #expect(clock.sleeperCount == count, "the search did not wait on the clock")
    }

    @Test("typing is debounced: one search for the last text, none while the user keeps typing")
    func debounce() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let clock = ManualTidepoolClock(start: 0)
        let search = SearchModel(client: TidepoolClient(serverURL: server.baseURL), clock: clock, delay: 0.3)
        search.center = Coordinate(uncheckedLatitude: ClientTestServer.museum.lat, longitude: ClientTestServer.museum.lon)

        search.type("Cafe")
        await Self.asleep(clock)
        clock.advance(by: 0.2)
        search.type("Ateneum")
        await Self.asleep(clock)
        clock.advance(by: 0.2)
        // 0.4 s since "Cafe" but only 0.2 s since the last keystroke: nothing sent yet.
        await Self.asleep(clock)
        #expect(try await server.counter("loci_http_requests_total", labels: [Self.searchRoute]) == 0)
        #expect(search.answered == nil)

        clock.advance(by: 0.1)
        await search.settle()
        #expect(try await server.counter("loci_http_requests_total", labels: [Self.searchRoute]) == 1)
        #expect(search.answered == "Ateneum")
        #expect(search.rows.first?.id == ClientTestServer.museum.id)
        #expect(!search.rows.contains { $0.category == "cafe" && $0.title == "Cafe Regatta" })
    }

    @Test("an empty box shows suggestions near the map's centre")
    func suggestions() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let clock = ManualTidepoolClock(start: 0)
        let search = SearchModel(client: TidepoolClient(serverURL: server.baseURL), clock: clock)
        search.center = Coordinate(uncheckedLatitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon)
        search.clear()
        await Self.asleep(clock)
        clock.advance(by: 1)
        await search.settle()
        #expect(search.answered == "")
        #expect(search.rows.contains { $0.id == ClientTestServer.cafe.id })
    }

    @Test("a personalised search shows the server's reason on its rows")
    func reasons() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        try await client.setProfile(tags: ["coffee"])
        let search = SearchModel(client: client, clock: ManualTidepoolClock(start: 0))
        search.center = Coordinate(uncheckedLatitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon)
        search.type("cafe")
        await search.submit()
        #expect(search.personalised)
        let raw = try await client.search(
            "cafe", latitude: ClientTestServer.cafe.lat, longitude: ClientTestServer.cafe.lon, limit: 20)
        #expect(search.rows.map(\.reason) == raw.results.map(\.reason))
        let reason = try #require(search.rows.compactMap(\.reason).first)
        #expect(reason.hasPrefix("matches your interest in") || reason == "busy with people like you")
    }

    /// The device's favourites as the server lists them (with its access token).
    static func serverFavourites(_ server: ClientTestServer, _ client: TidepoolClient) async throws -> [[String: Any]] {
        let token = try #require(try await client.credentials()?.accessToken)
        let answer = try await server.send("GET", "/v1/favourites", token: token)
        return answer.json["favourites"] as? [[String: Any]] ?? []
    }

    @Test("details: a favourite added, rated and removed reaches the server each time")
    func favourite() async throws {
        let server = try await Fixture.server()
        defer { server.stop() }
        let client = try await Fixture.client(server)
        let map = TidepoolMapModel(
            client: client, settings: InMemoryTidepoolSettingsStore(), interest: FixedInterestSource(nil))
        await map.open(placeID: ClientTestServer.cafe.id)
        let detail = try #require(map.detail)
        #expect(detail.place?.title == "Cafe Regatta")
        #expect(detail.favourite == .none)

        await detail.toggleFavourite()
        var saved = try await Self.serverFavourites(server, client)
        #expect(saved.map { $0["place_id"] as? String } == [ClientTestServer.cafe.id])
        #expect(detail.favourite.isFavourite)

        await detail.rate(4)
        saved = try await Self.serverFavourites(server, client)
        #expect(saved.count == 1)
        #expect(saved.first?["rating"] as? Int == 4)
        #expect(detail.favourite.rating == 4)

        // A new sheet for the same place reads the favourite back from the server.
        await map.open(placeID: ClientTestServer.cafe.id)
        let reopened = try #require(map.detail)
        #expect(reopened.favourite.rating == 4)
        await reopened.toggleFavourite()
        #expect(try await Self.serverFavourites(server, client).isEmpty)
        #expect(reopened.favourite == .none)
        #expect(reopened.problem == nil)
    }

    @Test("a rating outside 1…5 is refused on the phone")
    func badRating() async throws {
        let detail = PlaceDetailModel(placeID: "osm:node/1", client: TidepoolClient(serverURL: URL(string: "http://127.0.0.1:9")!))
        await detail.rate(6)
        #expect(detail.problem?.contains("1 to 5") == true)
        #expect(detail.favourite == .none)
    }
}

import AndAwayFeature
import Foundation
import GeoKit
import GooglePlaces
import LibraryService
import LibraryStore
import LibrarySync
import LociTestSupport
import LockedState
import PlaceImport
import PlaceKit
import PlaceStore
import RoutingKit
import Synchronization
import Testing

/// The Helsinki extract, imported once per test process, and the environments tests build on it.
enum Helsinki {
    static let extract = "osm/helsinki.osm.pbf"
    static let isAvailable = SharedData.has(extract)
    static let skipReason = Comment(rawValue: SharedData.missingMessage(extract))

    /// Rautatientori, by the station: the user in these tests.
    static let user = Coordinate(uncheckedLatitude: 60.1710, longitude: 24.9430)
    /// Wednesday 10 June 2026, 12:00 in Helsinki: most cafés are open.
    static let noon = Date(timeIntervalSince1970: 1_781_082_000)
    static let zone = TimeZone(identifier: "Europe/Helsinki") ?? TimeZone(secondsFromGMT: 3 * 3600)!

    private static let paths = Mutex<(store: String?, graph: RoadGraph?)>((nil, nil))

    /// The imported place store.
    static func store() throws -> SQLitePlaceStore {
        let path = try paths.withLock { paths in
            if let path = paths.store { return path }
            let made = FileManager.default.temporaryDirectory
                .appendingPathComponent("loci-andaway-\(UUID().uuidString).sqlite").path
            _ = try OSMPlaceImporter().import(from: SharedData.url(extract), into: made)
            paths.store = made
            return made
        }
        return try SQLitePlaceStore(path: path)
    }

    /// The extract's road graph.
    static func graph() throws -> RoadGraph {
        try paths.withLock { paths in
            if let graph = paths.graph { return graph }
            let graph = try RoadGraph(contentsOfPBF: SharedData.url(extract))
            paths.graph = graph
            return graph
        }
    }
}

/// A debounce scheduler whose waits end only when the test says so.
final class ManualScheduler: DebounceScheduler {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let started = Mutex(0)

    func sleep(seconds: Double) async throws {
        await withCheckedContinuation { continuation in
            waiting.withLock { $0.append(continuation) }
            started.withLock { $0 += 1 }
        }
    }

    /// How many waits have begun so far.
    var begun: Int { started.withLock { $0 } }

    /// Ends every wait begun so far.
    func advance() {
        let all = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for continuation in all { continuation.resume() }
    }

    /// Yields until `count` waits have begun.
    func waitUntilBegun(_ count: Int) async {
        while begun < count { await Task.yield() }
    }
}

/// A provider that counts the calls made to it and passes them on.
final class CountingProvider: PlacesSearchService, PlaceDetailsService, AutocompleteService {
    let inner: LocalPlacesProvider
    private let counts = Mutex<[String: Int]>([:])

    init(_ inner: LocalPlacesProvider) { self.inner = inner }

    func count(_ call: String) -> Int { counts.withLock { $0[call] ?? 0 } }
    private func note(_ call: String) { counts.withLock { $0[call, default: 0] += 1 } }

    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        note("search")
        return try await inner.searchPlaces(request)
    }
    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int) async throws
        -> [RankedPlace]
    {
        note("nearby")
        return try await inner.searchNearby(center: center, categories: categories, radius: radius, limit: limit)
    }
    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int) async throws
        -> [RankedPlace]
    {
        try await inner.searchInRegion(text: text, region: region, categories: categories, limit: limit)
    }
    func placeDetails(id: PlaceID) async throws -> Place? { try await inner.placeDetails(id: id) }
    func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws -> [RankedPlace] {
        try await inner.autocomplete(prefix: prefix, center: center, radius: radius, limit: limit)
    }
    func suggestions(for input: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [AutocompleteSuggestion]
    {
        note("suggestions:\(input)")
        note("suggestions")
        return try await inner.suggestions(for: input, center: center, radius: radius, limit: limit)
    }
}

/// Google Places on a loopback stub serving the recorded responses (or errors).
enum GoogleStub {
    static func fixture(_ name: String) throws -> StubResponse {
        let url = Repository.testTarget("GooglePlacesTests").appendingPathComponent("Fixtures/\(name)")
        return try .json(file: url)
    }

    static func error(_ code: Int, _ status: String, _ message: String) -> StubResponse {
        .json(#"{"error": {"code": \#(code), "message": "\#(message)", "status": "\#(status)"}}"#, status: code)
    }

    /// A Google source over `server`, without retries, timing out after `timeout` seconds.
    static func source(_ server: StubHTTPServer, timeout: TimeInterval = 5) throws -> PlaceSource {
        let configuration = try GooglePlacesConfiguration(
            apiKey: "test-key", baseURL: server.baseURL, retry: .none, timeout: timeout)
        return PlaceSource(.google, provider: GooglePlacesProvider(client: GooglePlacesClient(configuration: configuration)))
    }
}

/// An environment over the Helsinki store, a fresh library, the user at Rautatientori at noon.
struct Harness {
    let environment: AndAwayEnvironment
    let provider: CountingProvider
    let scheduler: ManualScheduler
    let library: BookmarkLibrary
    let folder: URL

    init(remote: [PlaceSource] = [], sync: (InMemorySyncHub, String)? = nil, replica: String = "phone") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("andaway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let local = LocalPlacesProvider(store: try Helsinki.store())
        provider = CountingProvider(local)
        let store = try LibraryStore(
            path: folder.appendingPathComponent("library.sqlite").path, replicaID: replica, now: { Helsinki.noon })
        let counter = Locked(0)
        library = BookmarkLibrary(
            store: store, places: { local }, now: { Helsinki.noon },
            makeID: { "\(replica)-\(counter.withLock { $0 += 1; return $0 })" })
        scheduler = ManualScheduler()
        let synchronizer = sync.map { hub, id in LibrarySynchronizer(store: store, transport: hub.transport(for: id)) }
        environment = AndAwayEnvironment(
            local: PlaceSource(.local, provider: provider), remote: remote, library: library,
            directions: LocalDirectionsService(graph: try Helsinki.graph()),
            location: FixedLocationSource(UserLocation(coordinate: Helsinki.user, accuracy: 10, timestamp: Helsinki.noon)),
            sync: synchronizer, scheduler: scheduler, timeZone: Helsinki.zone, now: { Helsinki.noon },
            makeID: { "\(replica)-search-\(counter.withLock { $0 += 1; return $0 })" })
    }
}

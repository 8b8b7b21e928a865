import Foundation
import GPXKit
import GeoKit
import LockedState
import PlaceKit
import ProximityFeature
import ProximityKit
import ProximityStore

/// A clock the test moves (seconds since 1970).
final class TestClock: Sendable {
    private let time: Locked<Double>
    init(_ start: Double) { time = Locked(start) }
    func set(_ value: Double) { time.withLock { $0 = value } }
    var now: Double { time.withLock { $0 } }
    var date: Date { Date(timeIntervalSince1970: now) }
}

/// A place search answering from a fixed list: names containing the text, nearest first.
struct ListSearch: PlacesSearchService {
    let places: [Place]
    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        let text = (request.text ?? "").lowercased()
        return places.filter { text.isEmpty || ($0.name ?? "").lowercased().contains(text) }.map { place in
            RankedPlace(
                place: place, distance: request.center.map { Haversine.distance($0, place.coordinate) }, score: 1, match: .partialName)
        }.sorted { ($0.distance ?? 0) < ($1.distance ?? 0) }
    }
    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int) async throws -> [RankedPlace] { [] }
    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int) async throws -> [RankedPlace] { [] }
}

/// The fakes and stores of one install of the app (shared by two models = a relaunch).
struct Device {
    let folder: URL
    let service: TripService
    let monitor = InMemoryRegionMonitor()
    let significant = InMemorySignificantChangeSource()
    let locator = InMemoryOneShotLocator()
    let motion = InMemoryMotionActivitySource()
    let poster = InMemoryNotificationPoster()
    let authorizer: InMemoryLocationAuthorizer
    let snapshots = InMemoryTrackingSnapshotStore()
    let maps = InMemoryMapItemOpener()
    let power = InMemoryPowerState()
    let geocoder: InMemoryReverseGeocoder
    let clock: TestClock
    let search: ListSearch
    let configuration: PlannerConfiguration

    init(
        authorization: LocationAuthorization = .always, clock: Double = 1_750_000_000, search: [Place] = [],
        configuration: PlannerConfiguration = Device.replayConfiguration,
        geocoder: InMemoryReverseGeocoder = InMemoryReverseGeocoder(name: "Ateneum")
    ) throws {
        self.geocoder = geocoder
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxfeature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try TripStore(path: folder.appendingPathComponent("trips.sqlite").path)
        let ids = Locked(0)
        service = TripService(
            store: store, places: { throw ProximityFieldError(field: nil, "no place store in these tests") },
            makeID: { ids.withLock { $0 += 1; return "trip-\($0)" } })
        authorizer = InMemoryLocationAuthorizer(status: authorization)
        self.clock = TestClock(clock)
        self.search = ListSearch(places: search)
        self.configuration = configuration
    }

    /// The planner configuration the committed-track tests use (meal windows off).
    static var replayConfiguration: PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.mealWindows = [:]
        return configuration
    }

    var environment: ProximityEnvironment {
        let clock = clock
        return ProximityEnvironment(
            trips: service, search: search, monitor: monitor, significantChanges: significant, locator: locator, motion: motion,
            poster: poster, authorizer: authorizer, snapshots: snapshots, maps: maps, geocoder: geocoder,
            power: power, configuration: configuration,
            now: { clock.date })
    }

    /// Saves a place set's trip and places.
    func seed(_ set: PlaceSet) throws { try seed(trip: set.trip, places: set.places) }

    /// Saves a trip and its places.
    func seed(trip: Trip, places: [SavedPlace]) throws {
        try service.store.create(trip)
        try service.store.add(places)
    }
}

/// The committed Helsinki tracks (the ones `loci proximity replay` and ProximityKit's tests use).
enum Tracks {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ProximityKitTests/Fixtures/tracks")
    static let names = ["walk-kallio-to-market", "bike-to-work", "drive-across-town", "commuter-day", "parked-jitter"]

    static func load(_ name: String) throws -> (fixes: [LocationFix], set: PlaceSet) {
        let document = try GPXReader.read(path: folder.appendingPathComponent("\(name).gpx").path)
        let fixes = RecordedTrack.timedFixes(document)
        let set = try PlaceSet(json: Data(contentsOf: folder.appendingPathComponent("\(name).places.json")))
        return (fixes, set)
    }

    /// What `loci proximity replay` reports: planner notification ids in order.
    static func reference(_ fixes: [LocationFix], _ set: PlaceSet, _ mode: WakeupMode) -> [String] {
        reference(fixes, places: set.places, trip: set.trip, mode)
    }

    /// ``reference(_:_:_:)`` for places not read from a file.
    static func reference(_ fixes: [LocationFix], places: [SavedPlace], trip: Trip, _ mode: WakeupMode) -> [String] {
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [trip]), configuration: Device.replayConfiguration)
        return TrackReplay(planner: planner, mode: mode).run(fixes).timeline.map(\.notification.id)
    }
}

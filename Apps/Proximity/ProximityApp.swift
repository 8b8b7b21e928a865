// Proximity's entry point and composition root: the one place that picks the live adapters
// (CLMonitor, significant-change wake-ups, one-shot fixes, permission, CoreMotion,
// UserNotifications, MapKit, CLGeocoder; Apple Maps search from PlacesLive), the SQLite trips
// and the JSON tracking snapshot, and hands them to the models in ProximityFeature. Every decision lives in those models (tested on Linux); this
// file only wires.
//
// The relaunch path: iOS relaunches a terminated app into the background for a region event or
// a significant change. Everything that must catch that event is made in `init`, before launch
// finishes: the CLMonitor is re-opened by name and iterated at once, the notification delegate
// is set, and `TrackingModel.listen()` starts, which first restores the planner state and the
// monitored set from the snapshot and the trips from the store, then handles the event.
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import AreaDownloads
import AreaPlaces
import AreasFeature
import AreasLive
import Foundation
import LociUI
import PlaceKit
import PlaceStore
import PlacesLive
import ProximityFeature
import ProximityKit
import ProximityLive
import ProximityStore
import ProximityUI
import SwiftUI

@main
struct ProximityApp: App {
    @State private var launch = ProximityApp.start()

    /// The screens (and the tracking model's listening task), or why the trips could not be opened.
    enum Launch {
        case ready(ProximityScreens, listening: Task<Void, Never>)
        case failed(String)
    }

    var body: some Scene {
        WindowGroup {
            switch launch {
            case .ready(let screens, _):
                ProximityRootView(screens: screens)
            case .failed(let detail):
                LaunchFailureView(what: "Your trips could not be opened.", detail: detail) {
                    launch = ProximityApp.start()
                }
            }
        }
    }

    /// Everything a background relaunch needs, made before launch finishes (`init` of the state).
    @MainActor static func start() -> Launch {
        // Areas: search over the downloaded area's place store (Settings → Offline areas).
        let areas = PhoneAreas.downloads()
        let environment: ProximityEnvironment
        do { environment = try ProximityComposition.live(areas: areas) } catch { return .failed("\(error)") }
        let tracking = TrackingModel(environment: environment)
        // Before launch finishes: a background relaunch's region event is waiting for this.
        let listening = Task { @MainActor in await tracking.listen() }
        let trips = TripsListModel(environment: environment, changed: { await tracking.reloadPlaces() })
        let screens = ProximityScreens(
            trips: trips, tracking: tracking,
            form: { trip in
                // After a trip is saved: the list, the monitored set, and (the first time
                // only; later calls return at once) the notification prompt, asked when the
                // user has just said what to be told about.
                let changed: @MainActor () async -> Void = {
                    trips.load()
                    await tracking.reloadPlaces()
                    await tracking.requestNotifications()
                }
                guard let trip else {
                    return TripFormModel(
                        creatingIn: TimeZone.current.identifier, environment: environment, changed: changed)
                }
                return TripFormModel(editing: trip, environment: environment, changed: changed)
            },
            places: { TripPlacesModel(tripID: $0, environment: environment, tracking: tracking) },
            incoming: { url in
                IncomingPlaceFileModel(
                    url: url, environment: environment, tracking: tracking, timeZone: TimeZone.current.identifier)
            },
            areas: AreasModel(downloads: areas, kinds: [.places]))
        return .ready(screens, listening: listening)
    }
}

/// The live environment of Proximity.
@MainActor
enum ProximityComposition {
    /// The adapters, the trips database and the snapshot file under Application Support, search
    /// over the place store of the area downloaded into `areas` when one is, else Apple Maps
    /// (online; the same adapter as And Away's), that area's place store for place files that
    /// name places by id, and the device's clock.
    /// - Throws: when no trips database can be opened, not even an empty one in memory.
    static func live(areas: AreaDownloads) throws -> ProximityEnvironment {
        let folder = applicationSupport().appendingPathComponent("Proximity", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let places = InstalledAreaPlaces(downloads: areas)
        let trips = TripService(store: try openTrips(at: folder.appendingPathComponent("trips.sqlite").path)) {
            try places.provider()
        }
        return ProximityEnvironment(
            trips: trips,
            search: AreaFirstPlaceSearch(area: places, otherwise: MapKitPlaceProvider()),
            monitor: CoreLocationRegionMonitor(),
            significantChanges: SignificantChangeLocationSource(),
            locator: CoreLocationOneShotLocator(),
            motion: CoreMotionActivitySource(),
            poster: UserNotificationPoster(),
            authorizer: CoreLocationAuthorizer(),
            snapshots: FileTrackingSnapshotStore(url: folder.appendingPathComponent("tracking.json")),
            maps: MapKitItemOpener(),
            geocoder: CoreLocationReverseGeocoder(),
            power: ProcessInfoPowerState(),
            now: { Date() })
    }

    /// The trips database; a file that cannot be opened (corrupt) is moved aside and a new one
    /// made, so the app still starts (the old file stays for support); when no file can be made
    /// (disk full), an in-memory one for this launch; when not even that opens, the error (the
    /// launch screen says what failed and offers Try again).
    private static func openTrips(at path: String) throws -> TripStore {
        if let store = try? TripService.openStore(path: path) { return store }
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".unreadable")
        if let store = try? TripService.openStore(path: path) { return store }
        return try TripStore(path: ":memory:")
    }

    private static func applicationSupport() -> URL {
        (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
    }
}

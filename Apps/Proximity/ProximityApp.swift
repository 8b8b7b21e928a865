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
import LocalStoreRecovery
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
        case failed(LocalStoreFailure)
    }

    var body: some Scene {
        WindowGroup {
            switch launch {
            case .ready(let screens, _):
                ProximityRootView(screens: screens)
            case .failed(let failure):
                LaunchFailureView(
                    what: "Your trips could not be opened.", detail: failure.description,
                    retry: { launch = ProximityApp.start() },
                    reset: failure.canReset ? { launch = ProximityApp.start(resetting: true) } : nil)
            }
        }
    }

    /// Everything a background relaunch needs, made before launch finishes (`init` of the state);
    /// `resetting` (only after the person confirmed on the failure screen) sets an unreadable
    /// trips file aside first.
    @MainActor static func start(resetting: Bool = false) -> Launch {
        // Areas: search over the downloaded area's place store (Settings → Offline areas).
        let areas = PhoneAreas.downloads()
        let environment: ProximityEnvironment
        do {
            environment = try ProximityComposition.live(areas: areas, resetting: resetting)
        } catch {
            return .failed(error)
        }
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
    /// - Throws: ``LocalStoreFailure`` when the trips database cannot be opened (the launch
    ///   screen says why and offers Try again, and Reset for an unreadable file).
    static func live(areas: AreaDownloads, resetting: Bool) throws(LocalStoreFailure) -> ProximityEnvironment {
        let folder = applicationSupport().appendingPathComponent("Proximity", isDirectory: true)
        // A folder that cannot be made shows as the database's failure just below.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let places = InstalledAreaPlaces(downloads: areas)
        let path = folder.appendingPathComponent("trips.sqlite").path
        let store =
            resetting
            ? try LocalStoreRecovery.resetAndOpen(at: path, with: TripService.openStore).store
            : try LocalStoreRecovery.open(at: path, with: TripService.openStore)
        let trips = TripService(store: store) {
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

    private static func applicationSupport() -> URL {
        // Application Support always exists in an app's container; a broken one shows as the
        // database's failure on the launch screen.
        (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
    }
}

// And Away's entry point and composition root: the one place that picks the providers (the
// downloaded area's place store, Google when a key is configured, Apple Maps), MKDirections, CoreLocation,
// the SQLite library and its iCloud sync (CKSyncEngine, state kept next to the library), and
// hands them to the models in AndAwayFeature. Every decision lives in those models (tested on
// Linux); this file only wires.
//
// Sync runs on launch, when a silent push says another device changed the library, and from
// Settings. Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import AndAwayFeature
import AndAwayLive
import AndAwayUI
import AreaDownloads
import AreaPlaces
import AreasFeature
import AreasLive
import CloudKit
import Foundation
import GooglePlaces
import LibraryService
import LibraryStore
import LibrarySync
import LocalStoreRecovery
import LociUI
import PlaceKit
import PlaceStore
import PlacesLive
import SwiftUI
import UIKit

@main
struct AndAwayApp: App {
    @UIApplicationDelegateAdaptor(AndAwayAppDelegate.self) private var delegate
    @State private var launch = AndAwayApp.start()

    /// The screens, or why the library could not be opened.
    enum Launch {
        case ready(AndAwayScreens)
        case failed(LocalStoreFailure)
    }

    var body: some Scene {
        WindowGroup {
            switch launch {
            case .ready(let screens):
                AndAwayRootView(screens: screens)
            case .failed(let failure):
                LaunchFailureView(
                    what: "Your saved places could not be opened.", detail: failure.description,
                    retry: { launch = AndAwayApp.start() },
                    reset: failure.canReset ? { launch = AndAwayApp.start(resetting: true) } : nil)
            }
        }
    }

    /// The screens; `resetting` (only after the person confirmed on the failure screen) sets an
    /// unreadable library file aside first (sync then fills the new one again from iCloud).
    @MainActor static func start(resetting: Bool = false) -> Launch {
        let areas = PhoneAreas.downloads()
        let environment: AndAwayEnvironment
        do {
            environment = try AndAwayComposition.live(areas: areas, resetting: resetting)
        } catch {
            return .failed(error)
        }
        let sync = SyncModel(environment: environment)
        AndAwayAppDelegate.onPush = { await sync.syncNow() }
        return .ready(
            AndAwayScreens(
                search: SearchModel(environment: environment), library: LibraryModel(environment: environment),
                sync: sync, weights: WeightsModel(environment: environment),
                detail: { place, provider in PlaceDetailModel(place: place, provider: provider, environment: environment) },
                areas: AreasModel(downloads: areas, kinds: [.places])))
    }
}

/// Registers for CloudKit's silent pushes and runs a sync round when one arrives.
final class AndAwayAppDelegate: NSObject, UIApplicationDelegate {
    @MainActor static var onPush: (@MainActor () async -> Void)?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async
        -> UIBackgroundFetchResult
    {
        await Self.onPush?()
        return .newData
    }
}

/// The live environment of And Away.
@MainActor
enum AndAwayComposition {
    /// The iCloud container named in AndAway.entitlements.
    static let container = "iCloud.app.loci.andaway"  // not-copy: iCloud container identifier

    /// Offline search over the place store of the area downloaded into `areas` (Settings →
    /// Offline areas; until one is, offline search says so); under Application Support/AndAway
    /// `library.sqlite` and `library.sync.json`.
    /// - Throws: ``LocalStoreFailure`` when the library cannot be opened (the launch screen says
    ///   why and offers Try again, and Reset for an unreadable file).
    static func live(areas: AreaDownloads, resetting: Bool) throws(LocalStoreFailure) -> AndAwayEnvironment {
        let folder = applicationSupport().appendingPathComponent("AndAway", isDirectory: true)
        // A folder that cannot be made shows as the library's failure just below.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let local = PlaceSource(.local, provider: InstalledAreaPlaces(downloads: areas))
        let libraryPath = folder.appendingPathComponent("library.sqlite").path
        let replica = { UUID().uuidString.lowercased() }
        let open = { (path: String) throws -> LibraryStore in try BookmarkLibrary.openStore(path: path, newReplicaID: replica) }
        let store =
            resetting
            ? try LocalStoreRecovery.resetAndOpen(at: libraryPath, with: open).store
            : try LocalStoreRecovery.open(at: libraryPath, with: open)
        let library = BookmarkLibrary(store: store, places: { local.details })
        var remote = [PlaceSource(.appleMaps, provider: MapKitPlaceProvider())]
        // A build without a usable Google key (set at build time; nothing a person can change)
        // offers Apple Maps only.
        if let key = Bundle.main.object(forInfoDictionaryKey: "GoogleMapsAPIKey") as? String,
            let configuration = try? GooglePlacesConfiguration(apiKey: key)
        {
            remote.append(PlaceSource(.google, provider: GooglePlacesProvider(client: GooglePlacesClient(configuration: configuration))))
        }
        let transport = CloudKitSyncTransport(
            container: CKContainer(identifier: container), replica: store.replicaID,
            stateURL: folder.appendingPathComponent("library.sync.json"))
        return AndAwayEnvironment(
            local: local, remote: remote, library: library,
            directions: MapKitDirectionsService(), location: CoreLocationUserLocation(),
            sync: LibrarySynchronizer(store: store, transport: transport, sentToken: transport.sentToken),
            timeZone: .current, now: { Date() })
    }

    private static func applicationSupport() -> URL {
        // Application Support always exists in an app's container; a broken one shows as the
        // database's failure on the launch screen.
        (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
    }
}

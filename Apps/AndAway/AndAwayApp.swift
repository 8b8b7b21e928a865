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
import PlaceKit
import PlaceStore
import PlacesLive
import SwiftUI
import UIKit

@main
struct AndAwayApp: App {
    @UIApplicationDelegateAdaptor(AndAwayAppDelegate.self) private var delegate
    @State private var screens: AndAwayScreens

    init() {
        let areas = PhoneAreas.downloads()
        let environment = AndAwayComposition.live(areas: areas)
        let sync = SyncModel(environment: environment)
        AndAwayAppDelegate.onPush = { await sync.syncNow() }
        _screens = State(
            initialValue: AndAwayScreens(
                search: SearchModel(environment: environment), library: LibraryModel(environment: environment),
                sync: sync, weights: WeightsModel(environment: environment),
                detail: { place, provider in PlaceDetailModel(place: place, provider: provider, environment: environment) },
                areas: AreasModel(downloads: areas, kinds: [.places])))
    }

    var body: some Scene {
        WindowGroup {
            AndAwayRootView(screens: screens)
        }
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
    static let container = "iCloud.app.loci.andaway"

    /// Offline search over the place store of the area downloaded into `areas` (Settings →
    /// Offline areas; until one is, offline search says so); under Application Support/AndAway
    /// `library.sqlite` and `library.sync.json`.
    static func live(areas: AreaDownloads) -> AndAwayEnvironment {
        let folder = applicationSupport().appendingPathComponent("AndAway", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let local = PlaceSource(.local, provider: InstalledAreaPlaces(downloads: areas))
        let libraryPath = folder.appendingPathComponent("library.sqlite").path
        let store = openLibrary(at: libraryPath)
        let library = BookmarkLibrary(store: store, places: { local.details })
        var remote = [PlaceSource(.appleMaps, provider: MapKitPlaceProvider())]
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

    /// The library; a file that cannot be opened is moved aside (kept for support) and a new one
    /// made, which sync then fills again from iCloud.
    private static func openLibrary(at path: String) -> LibraryStore {
        let replica = { UUID().uuidString.lowercased() }
        if let store = try? BookmarkLibrary.openStore(path: path, newReplicaID: replica) { return store }
        try? FileManager.default.moveItem(atPath: path, toPath: path + ".unreadable")
        if let store = try? BookmarkLibrary.openStore(path: path, newReplicaID: replica) { return store }
        do {
            return try LibraryStore(path: ":memory:", replicaID: replica())
        } catch {
            fatalError("And Away cannot open a library, even in memory: \(error)")
        }
    }

    private static func applicationSupport() -> URL {
        (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
    }
}

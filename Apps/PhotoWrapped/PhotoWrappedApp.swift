// Photo Wrapped's entry point and composition root: the one place that picks the live adapters
// (PhotoKit, CoreText, the SQLite cache, the bundled gazetteer) and hands them to the models in
// WrappedFeature. Every decision lives in those models (tested on Linux); this file only wires.
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import Foundation
import Gazetteer
import SwiftUI
import WrappedCardLayout
import WrappedFeature
import WrappedKit
import WrappedLive
import WrappedService
import WrappedStore
import WrappedUI

@main
struct PhotoWrappedApp: App {
    private let composition: PhotoWrappedComposition
    @State private var model: WrappedAppModel

    init() {
        let composition = PhotoWrappedComposition.live()
        self.composition = composition
        _model = State(
            initialValue: WrappedAppModel(
                environment: composition.environment, measurer: composition.measurer))
    }

    var body: some Scene {
        WindowGroup {
            WrappedRootView(
                model: model,
                manageLimitedAccess: { LimitedLibraryPicker.present() },
                cardFont: { [measurer = composition.measurer] size, weight in
                    Font(measurer.font(size: size, weight: weight))
                }
            )
        }
    }
}

/// The live environment of Photo Wrapped.
struct PhotoWrappedComposition {
    /// What the models read from the device.
    var environment: WrappedEnvironment
    /// How card text is measured (and so drawn).
    var measurer: CoreTextMeasurer

    /// The gazetteer the app bundles: the build step in `Apps/project.yml` ("Bundle the
    /// gazetteer") runs `scripts/fetch-data --only gazetteer-cities500.tsv.gz` and copies the
    /// file into the app. Without it places get no labels and photos without an offset fall back
    /// to the device's zone.
    static let gazetteerResource = (name: "gazetteer-cities500", type: "tsv.gz")

    /// PhotoKit for photos, access and thumbnails; the cache and the hidden places in one SQLite
    /// file under Application Support, the settings in a JSON file beside it; the device's clock
    /// and zone. When that storage cannot be opened (a full disk, a damaged file) the app still
    /// starts: hidden places are kept in memory, and the home screen says so, with the fix and
    /// Try again (``Storage/open()`` once more).
    static func live() -> PhotoWrappedComposition {
        let storage = Storage.locate()
        let hiddenPlaces: any HiddenPlaceStore
        var storageProblem = storage.problem
        do {
            hiddenPlaces = try storage.open()
        } catch {
            hiddenPlaces = InMemoryHiddenPlaceStore()
            storageProblem = storageProblem ?? "\(error)"
        }
        let gazetteerCache = cachesFolder().appendingPathComponent("gazetteer.loci-cache").path
        let environment = WrappedEnvironment(
            authorizer: PhotoKitAuthorizer(),
            sources: PhotoKitSourceFactory(),
            thumbnails: PhotoKitThumbnails(),
            hiddenPlaces: hiddenPlaces,
            placeLookup: { try bundledGazetteer(cacheAt: gazetteerCache) },
            cache: storage.database,
            deviceZone: .current,
            now: { Date() },
            settings: FileWrappedSettingsStore(url: storage.folder.appendingPathComponent("settings.json")),
            storageProblem: storageProblem,
            reopenStorage: { try storage.open() }
        )
        return PhotoWrappedComposition(environment: environment, measurer: CoreTextMeasurer())
    }

    /// Where Photo Wrapped keeps its files: a folder under Application Support (or, when the
    /// system gives none, the temporary folder, which is said as a problem).
    struct Storage: Sendable {
        /// The folder.
        var folder: URL
        /// Why the usual folder could not be used, or `nil`.
        var problem: String?
        /// The SQLite file holding the cache and the hidden places.
        var database: URL { folder.appendingPathComponent("wrapped.sqlite") }

        /// The folder under Application Support.
        static func locate() -> Storage {
            do {
                let support = try FileManager.default.url(
                    for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                return Storage(folder: support.appendingPathComponent("PhotoWrapped", isDirectory: true))
            } catch {
                return Storage(
                    folder: FileManager.default.temporaryDirectory.appendingPathComponent("PhotoWrapped", isDirectory: true),
                    problem: error.localizedDescription)
            }
        }

        /// Creates the folder when needed and opens the database in it.
        /// - Throws: the file system's or the database's error, which the home screen shows.
        func open() throws -> any HiddenPlaceStore {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try WrappedDatabase(path: database.path)
        }
    }

    /// Loads the bundled gazetteer (its parsed cache in Caches makes later launches fast).
    static func bundledGazetteer(cacheAt cachePath: String) throws -> any PlaceLookup {
        let resource = gazetteerResource
        guard let path = Bundle.main.path(forResource: resource.name, ofType: resource.type) else {
            throw GazetteerError(
                .unreadable(reason: "not in the app bundle"), path: "\(resource.name).\(resource.type)")  // not-copy: a technical reason, shown as the error's detail
        }
        return GazetteerPlaceLookup(
            gazetteer: try Gazetteer.load(contentsOf: path, cacheAt: cachePath).gazetteer)
    }

    /// Caches, for the gazetteer's parsed copy. Without it the temporary folder serves: the copy
    /// is only a speed-up (rebuilt from the bundled file when missing), so the person loses
    /// nothing and is not told.
    private static func cachesFolder() -> URL {
        do {
            return try FileManager.default.url(
                for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        } catch {
            return FileManager.default.temporaryDirectory
        }
    }
}

import Foundation
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedFeature
import WrappedKit

/// Settings and Regenerate on the real sample photos (`../shared/data/photos/exif-samples`): a
/// change of range or of the screenshot filter regenerates a different deck, and the settings
/// come back in the next launch's models.
@MainActor
@Suite(
    "Photo Wrapped settings on the real sample photos",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))
    ))
struct SettingsFlowTests {
    let photos = SharedData.url("photos/exif-samples").path
    let now = noon("2026-06-01")

    func app(root: String, cache: URL, settings: any WrappedSettingsStore) -> WrappedAppModel {
        let env = WrappedEnvironment(
            authorizer: InMemoryPhotoAuthorizer(status: .full),
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: root)),
            thumbnails: FolderThumbnails(root: root), hiddenPlaces: InMemoryHiddenPlaceStore(),
            placeLookup: SharedLookup.lookup, cache: cache,
            deviceZone: TimeZone(identifier: "Europe/Helsinki")!, now: { now }, settings: settings)
        return WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
    }

    @Test("a narrower range, set in Settings, regenerates a deck without the places before it; it is kept")
    func narrowerRangeDropsAPlace() async throws {
        let cache = temporaryFolder("range").appendingPathComponent("wrapped.sqlite")
        let settingsFile = temporaryFolder("range-settings").appendingPathComponent("settings.json")
        let store = FileWrappedSettingsStore(url: settingsFile)
        let first = app(root: photos, cache: cache, settings: store)
        #expect(first.home.choice == .thisYear)
        first.home.choice = .custom
        first.home.customFrom = LocalDate(iso: "2000-01-01")!
        first.home.customTo = LocalDate(iso: "2026-06-01")!
        let wide = try #require(await first.generate())
        let earliest = try #require(wide.places.min { ($0.lastVisit, $0.id) < ($1.lastVisit, $1.id) })
        let start = earliest.lastVisit.adding(days: 1)

        first.home.customFrom = start
        let narrow = try #require(await first.generate())
        #expect(!narrow.places.contains { $0.id == earliest.id })
        #expect(narrow.result.stats.total < wide.result.stats.total)
        #expect(narrow.cards != wide.cards)

        let relaunched = app(root: photos, cache: cache, settings: FileWrappedSettingsStore(url: settingsFile))
        #expect(relaunched.home.settingsProblem == nil)
        #expect(relaunched.home.choice == .custom)
        #expect(relaunched.home.customFrom == start)
        #expect(relaunched.home.customTo == LocalDate(iso: "2026-06-01")!)
        let reopened = try #require(await relaunched.generate())
        #expect(reopened.cacheState == .hit)
        #expect(reopened.cards == narrow.cards)
    }

    @Test("leaving out screenshots regenerates with fewer photos counted, a new cache entry, and is kept")
    func excludingScreenshots() async throws {
        let library = temporaryFolder("screens")
        let dated = ["gps/DSCN0010.jpg", "gps/DSCN0012.jpg", "gps/DSCN0021.jpg", "gps/DSCN0025.jpg"]
        for (index, name) in dated.enumerated() {
            let target = index < 2 ? "Screenshot \(index).jpg" : "photo-\(index).jpg"
            try FileManager.default.copyItem(
                atPath: photos + "/jpg/" + name, toPath: library.path + "/" + target)
        }
        let cache = library.appendingPathComponent("cache/wrapped.sqlite")
        let store = InMemoryWrappedSettingsStore()
        let model = app(root: library.path, cache: cache, settings: store)
        model.home.choice = .custom
        model.home.customFrom = LocalDate(iso: "2000-01-01")!
        let all = try #require(await model.generate())
        #expect(all.result.stats.total == 4)

        model.home.excludesScreenshots = true
        #expect(store.load()?.excludesScreenshots == true)
        let without = try #require(await model.generate())
        #expect(without.cacheState == .miss)
        #expect(without.result.stats.total == 2)
        #expect(!without.result.assets.contains { $0.id.hasPrefix("Screenshot") })

        let relaunched = app(root: library.path, cache: cache, settings: store)
        #expect(relaunched.home.excludesScreenshots)
        let reopened = try #require(await relaunched.generate())
        #expect(reopened.cacheState == .hit)
        #expect(reopened.result.stats.total == 2)
    }

    @Test("an unreadable settings file is reported by name and the defaults are used")
    func brokenSettingsFile() throws {
        let file = temporaryFolder("broken-settings").appendingPathComponent("settings.json")
        try Data("not json".utf8).write(to: file)
        let model = app(
            root: photos, cache: temporaryFolder("b").appendingPathComponent("w.sqlite"),
            settings: FileWrappedSettingsStore(url: file))
        #expect(model.home.choice == .thisYear)
        #expect(model.home.settingsProblem?.contains(file.path) == true)
        model.home.excludesScreenshots = true
        #expect(model.home.settingsProblem == nil)
        #expect(try FileWrappedSettingsStore(url: file).load()?.excludesScreenshots == true)
    }
}

import Foundation
import GeoKit
import Testing
import TidepoolFeature

@Suite("Tidepool settings on the phone")
struct TidepoolSettingsTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tidepool-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a first launch has no Home, onboarding to do and reporting off; a save is read back by a new store")
    func roundTrip() async throws {
        let url = try folder().appendingPathComponent("nested/settings.json")
        let store = FileTidepoolSettingsStore(url: url)
        #expect(try await store.load() == TidepoolSettings())
        let saved = TidepoolSettings(
            home: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), onboardingCompleted: true,
            reportingEnabled: true, integrations: ["spotify"])
        try await store.save(saved)
        #expect(try await FileTidepoolSettingsStore(url: url).load() == saved)
    }

    @Test("a file saved before the Home-pause and palette settings loads with their defaults; a new one keeps them")
    func olderFile() async throws {
        let url = try folder().appendingPathComponent("settings.json")
        let older = #"{"home":{"latitude":60.17,"longitude":24.94},"integrations":["spotify"],"onboardingCompleted":true,"reportingEnabled":true}"#
        try Data(older.utf8).write(to: url)
        let store = FileTidepoolSettingsStore(url: url)
        let loaded = try await store.load()
        #expect(loaded.home == Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))
        #expect(loaded.reportingEnabled && loaded.onboardingCompleted && loaded.integrations == ["spotify"])
        #expect(!loaded.reportingPausedForHome && loaded.heatPalette == .standard)
        _ = try await store.update {
            $0.heatPalette = .highContrast
            $0.reportingPausedForHome = true
        }
        let reread = try await FileTidepoolSettingsStore(url: url).load()
        #expect(reread.heatPalette == .highContrast && reread.reportingPausedForHome)
    }

    @Test("a damaged file is an error naming it, and is left as it was")
    func damaged() async throws {
        let url = try folder().appendingPathComponent("settings.json")
        try Data("{\"home\": 7".utf8).write(to: url)
        let store = FileTidepoolSettingsStore(url: url)
        await #expect(throws: TidepoolSettingsError.self) { try await store.load() }
        do {
            _ = try await store.load()
        } catch {
            #expect(error.location == url.path)
        }
        #expect(try Data(contentsOf: url) == Data("{\"home\": 7".utf8))
    }
}

@Suite("Two models changing different settings keep each other's change")
struct TidepoolSettingsUpdateTests {
    @Test("the profile resets Home while the map's switch turns reporting off: both changes stay")
    func updatesDoNotUndoEachOther() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tidepool-update-\(UUID().uuidString).json")
        let store = FileTidepoolSettingsStore(url: url)
        let home = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
        try await store.save(TidepoolSettings(home: home, onboardingCompleted: true, reportingEnabled: true))
        // Each writer read the settings before the other's change (the stale copies a plain
        // load-change-save would write back).
        let newHome = Coordinate(uncheckedLatitude: 60.20, longitude: 24.90)
        async let first = store.update { $0.home = newHome }
        async let second = store.update { $0.reportingEnabled = false }
        _ = try await (first, second)
        let saved = try await FileTidepoolSettingsStore(url: url).load()
        #expect(saved.home == newHome)
        #expect(saved.reportingEnabled == false)
        #expect(saved.onboardingCompleted)
    }
}

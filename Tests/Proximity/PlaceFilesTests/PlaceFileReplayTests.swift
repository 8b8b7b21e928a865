import Foundation
import GPXKit
import PlaceFiles
import ProximityKit
import Testing

/// The "done when": the same places from GeoJSON (or GPX) and from Loci's JSON give the
/// same notifications when a committed real track is replayed, in both wake-up models.
@Suite("Replaying committed tracks against place files")
struct PlaceFileReplayTests {
    static func fixes(_ track: String) throws -> [LocationFix] {
        let document = try GPXReader.read(path: PlaceFileFixtures.tracks.appendingPathComponent("\(track).gpx").path)
        return RecordedTrack.timedFixes(document)
    }

    static func notifications(_ places: [SavedPlace], _ trip: Trip, _ fixes: [LocationFix], _ mode: WakeupMode) -> [ProximityNotification] {
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [trip]))
        return TrackReplay(planner: planner, mode: mode).run(fixes).timeline.map(\.notification)
    }

    @Test(
        "a place file in another format notifies exactly as the track's Loci JSON",
        arguments: [
            ("walk-kallio-to-market", "walk-kallio-to-market.places.geojson"), ("drive-across-town", "drive-across-town.places.gpx"),
        ], WakeupMode.allCases)
    func sameNotifications(_ pair: (track: String, file: String), mode: WakeupMode) throws {
        let set = try PlaceFileFixtures.placeSet(pair.track)
        let file = try PlaceFileReader.read(PlaceFileFixtures.data(pair.file))
        let fixes = try Self.fixes(pair.track)
        let expected = Self.notifications(set.places, set.trip, fixes, mode)
        let got = Self.notifications(file.places, set.trip, fixes, mode)
        #expect(!expected.isEmpty)
        #expect(got == expected)
    }

    @Test("a radius on every place overrides the trip's: 200 m places on a 500 m trip notify as a 200 m trip", arguments: WakeupMode.allCases)
    func perPlaceRadiusOverridesTrip(mode: WakeupMode) throws {
        let set = try PlaceFileFixtures.placeSet("walk-kallio-to-market")
        var places = try PlaceFileReader.read(PlaceFileFixtures.data("walk-kallio-to-market.places.geojson")).places
        for index in places.indices { places[index].alertRadius = 200 }
        var wide = set.trip
        wide.alertRadius = 500
        let fixes = try Self.fixes("walk-kallio-to-market")
        let expected = Self.notifications(set.places, set.trip, fixes, mode)
        #expect(Self.notifications(places, wide, fixes, mode) == expected)
        #expect(Self.notifications(set.places, wide, fixes, mode) != expected, "the trip's 500 m alone notifies differently")
    }
}

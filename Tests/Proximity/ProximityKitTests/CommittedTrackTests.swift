import Foundation
import GPXKit
import GeoKit
import Testing
@testable import ProximityKit

/// The committed Helsinki tracks (`scripts/make-tracks`), replayed through the planner and judged
/// against their ground truth (`NAME.expected.json`: closest approach of the noise-free path and
/// whether the place store said open then — computed by the script, never by a planner).
@Suite("Replays of the committed Helsinki tracks")
struct CommittedTrackTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tracks")
    static let tracks = ["walk-kallio-to-market", "bike-to-work", "drive-across-town", "commuter-day", "parked-jitter"]

    struct Expected: Decodable {
        struct Place: Decodable {
            let id: String
            let `class`: String
            let closest_m: Double
            let closest_at: String
        }
        let places: [Place]
    }

    static func load(_ name: String) throws -> (fixes: [LocationFix], set: PlaceSet, expected: Expected) {
        let document = try GPXReader.read(path: folder.appendingPathComponent("\(name).gpx").path)
        let fixes = RecordedTrack.timedFixes(document)
        let set = try PlaceSet(json: Data(contentsOf: folder.appendingPathComponent("\(name).places.json")))
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("\(name).expected.json")))
        return (fixes, set, expected)
    }

    /// The planner with meal windows off: the ground truth knows opening hours, not meal habits.
    static func planner(_ set: PlaceSet) -> ProximityPlanner {
        var configuration = PlannerConfiguration()
        configuration.mealWindows = [:]
        return ProximityPlanner(catalog: PlaceCatalog(places: set.places, trips: [set.trip]), configuration: configuration)
    }

    @Test("every fix: no duplicates, no misses, open places passed are announced, closed and distant ones are not", arguments: tracks)
    func everyFix(track: String) throws {
        let (fixes, set, expected) = try Self.load(track)
        #expect(fixes.count > 1_000)
        let report = TrackReplay(planner: Self.planner(set), mode: .everyFix).run(fixes)
        #expect(report.duplicates == 0)
        #expect(report.missed.isEmpty, "\(report.missed)")
        let announced = Set(report.timeline.flatMap(\.notification.placeIDs))
        for place in expected.places {
            switch place.class {
            case "inside-open", "inside-no-hours":
                #expect(announced.contains(place.id), "\(track): \(place.id) (\(place.class), \(place.closest_m) m) was not announced")
            case "inside-closed":
                // Closed at the closest pass; a second pass (the commuter day) may find it open.
                let closest = try #require(ISO8601DateFormatter().date(from: place.closest_at)).timeIntervalSince1970
                let near = report.timeline.filter { $0.notification.placeIDs.contains(place.id) && abs($0.notification.time - closest) < 600 }
                #expect(near.isEmpty, "\(track): \(place.id) (closed) was announced at its closed pass")
            case "outside", "far", "parked-220m":
                #expect(!announced.contains(place.id), "\(track): \(place.id) (\(place.class)) was announced")
            default:
                Issue.record("unknown class \(place.class)")
            }
        }
        for lead in report.leadDistances.values { #expect(lead >= 0) }
    }

    @Test("standing 20 m outside a radius for an hour never notifies")
    func parkedJitter() throws {
        let (fixes, set, _) = try Self.load("parked-jitter")
        for mode in WakeupMode.allCases {
            let report = TrackReplay(planner: Self.planner(set), mode: mode).run(fixes)
            #expect(report.timeline.isEmpty, "\(mode): \(report.timeline.map(\.notification.title))")
        }
    }

    @Test("the commuter day says nothing during its quiet hours (22:00–07:00 Helsinki)")
    func quietHours() throws {
        let (fixes, set, _) = try Self.load("commuter-day")
        let report = TrackReplay(planner: Self.planner(set), mode: .everyFix).run(fixes)
        #expect(!report.timeline.isEmpty)
        for entry in report.timeline {
            let minute = Self.planner(set).catalog.localMinute(entry.notification.time, tripID: set.trip.id)
            #expect(!(minute >= 22 * 60 || minute < 7 * 60), "notified at minute \(minute)")
        }
    }

    @Test("iOS wake-ups: far fewer runs, no duplicates, and every miss is a place every-fix announced", arguments: tracks)
    func ios(track: String) throws {
        let (fixes, set, _) = try Self.load(track)
        let planner = Self.planner(set)
        let every = TrackReplay(planner: planner, mode: .everyFix).run(fixes)
        let ios = TrackReplay(planner: planner, mode: .ios).run(fixes)
        #expect(ios.duplicates == 0)
        #expect(ios.wakeIndices.count * 10 < every.wakeIndices.count)
        let everyAnnounced = Set(every.timeline.flatMap(\.notification.placeIDs))
        #expect(Set(ios.missed.map(\.placeID)).isSubset(of: everyAnnounced))
    }
}

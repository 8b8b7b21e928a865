import Foundation
import GeoKit
import LociTestSupport
import Testing
@testable import ProximityKit

@Suite("Track replay")
struct TrackReplayTests {
    let origin = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    let t0 = 1_750_000_000.0
    let trip = Trip(id: "t", name: "Walk", alertRadius: 200, timeZone: "Europe/Helsinki")

    /// A 6 km zig-zag walk at 1.4 m/s, 1 Hz, with places scattered around it.
    func scene() -> (ProximityPlanner, [LocationFix]) {
        var generator = SeededGenerator(seed: 5)
        var fixes: [LocationFix] = []
        var east = 0.0, north = 0.0
        for i in 0..<4_300 {
            east += 1.4 * (i / 700 % 2 == 0 ? 1 : 0.6)
            north += i / 700 % 2 == 0 ? 0 : 1.1
            fixes.append(LocationFix(coordinate: offset(origin, north: north, east: east), accuracy: 6, time: t0 + Double(i)))
        }
        let places = (0..<300).map { i in
            SavedPlace(
                id: "p\(i)", tripID: "t", name: "Place \(i)",
                coordinate: offset(origin, north: Double.random(in: -1_500...4_000, using: &generator), east: Double.random(in: -500...6_500, using: &generator)))
        }
        return (ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [trip])), fixes)
    }

    @Test("every fix: nothing missed, nothing repeated, every lead positive")
    func everyFix() throws {
        let (planner, fixes) = scene()
        let report = TrackReplay(planner: planner, mode: .everyFix).run(fixes)
        #expect(report.wakeIndices.count == fixes.count)
        #expect(report.timeline.count >= 10)
        #expect(report.duplicates == 0)
        #expect(report.missed.isEmpty)
        #expect(report.leadDistances.values.allSatisfy { $0 >= 0 })
        #expect(abs(report.length - (4_300 * 1.4 * 0.5 + 4_300 * 0.5 * (0.84 * 0.84 + 1.21).squareRoot())) < 400)
    }

    @Test("iOS wake-ups: far fewer runs than fixes, no duplicates, and exactly the places not announced are reported missed")
    func iosWakeups() {
        let (planner, fixes) = scene()
        let every = TrackReplay(planner: planner, mode: .everyFix).run(fixes)
        let ios = TrackReplay(planner: planner, mode: .ios).run(fixes)
        #expect(ios.wakeIndices.count < fixes.count / 20)
        #expect(ios.wakeIndices.count >= 5)
        #expect(ios.duplicates == 0)
        let announced = Set(ios.timeline.flatMap(\.notification.placeIDs))
        let passed = Set(every.timeline.flatMap(\.notification.placeIDs))
        // A straight segment between sparse wake-ups can cut a corner of the real path and cross a
        // circle the path never entered: rare, and reported rather than hidden.
        #expect(announced.subtracting(passed).count <= 2)
        #expect(Set(ios.missed.map(\.placeID)) == passed.subtracting(announced))
        #expect(ios.wakeupsPerHour < every.wakeupsPerHour)
    }

    @Test("a replay with no notifications reports every place passed as missed, with its closest approach")
    func missDetection() {
        let (planner, fixes) = scene()
        let every = TrackReplay(planner: planner, mode: .everyFix).run(fixes)
        let silent = ReplayReport(fixes: fixes, planner: planner, notifications: [], wakeIndices: [], mode: .everyFix)
        #expect(Set(silent.missed.map(\.placeID)) == Set(every.timeline.flatMap(\.notification.placeIDs)))
        for miss in silent.missed { #expect(miss.closestDistance <= 200) }
    }

    @Test("a place announced twice within the cooldown counts as a duplicate")
    func duplicateDetection() {
        let (planner, fixes) = scene()
        let place = planner.catalog.places[0]
        let note = ProximityNotification(
            id: "x", title: place.name, lines: [], placeIDs: [place.id], distances: [0], time: t0, at: origin, actions: [])
        var later = note
        later.time = t0 + 60
        let report = ReplayReport(
            fixes: fixes, planner: planner, notifications: [.init(notification: note, fixIndex: 0), .init(notification: later, fixIndex: 60)],
            wakeIndices: [], mode: .everyFix)
        #expect(report.duplicates == 1)
    }
}

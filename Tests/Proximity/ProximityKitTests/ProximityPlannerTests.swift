import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing
@testable import ProximityKit

/// A point `north` and `east` metres from `origin` (flat approximation, fine below a few km).
func offset(_ origin: Coordinate, north: Double, east: Double) -> Coordinate {
    Coordinate(
        uncheckedLatitude: origin.latitude + north / 111_195,
        longitude: origin.longitude + east / (111_195 * cos(origin.latitude * .pi / 180)))
}

/// Runs fixes through a planner from a state, collecting every notification.
func replay(_ planner: ProximityPlanner, _ fixes: [LocationFix], from start: PlannerState = PlannerState()) -> (PlannerState, [ProximityNotification]) {
    var state = start
    var posted: [ProximityNotification] = []
    for fix in fixes {
        let output = planner.step(state, .fix(fix))
        state = output.state
        posted += output.notifications
    }
    return (state, posted)
}

@Suite("The proximity planner")
struct ProximityPlannerTests {
    let origin = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)  // Helsinki centre
    let t0 = 1_750_000_000.0  // 2025-06-15T15:06:40Z, a Sunday afternoon (18:06 in Helsinki)
    var trip: Trip { Trip(id: "t", name: "Helsinki", alertRadius: 200, timeZone: "Europe/Helsinki") }

    func planner(_ places: [SavedPlace], trips: [Trip]? = nil) -> ProximityPlanner {
        ProximityPlanner(catalog: PlaceCatalog(places: places, trips: trips ?? [trip]))
    }

    func place(_ id: String, north: Double, east: Double, category: String? = nil, hours: String? = nil, trip: String = "t") -> SavedPlace {
        SavedPlace(
            id: id, tripID: trip, name: id.capitalized, coordinate: offset(origin, north: north, east: east), category: category,
            openingHours: hours.map { OpeningHours($0) })
    }

    /// A straight walk east along the origin's parallel at 1.4 m/s, one fix a second.
    func walkEast(from start: Double = -1_000, to end: Double = 1_000, north: Double = 0, t: Double? = nil) -> [LocationFix] {
        let begin = t ?? t0
        return stride(from: start, through: end, by: 1.4).enumerated().map { i, east in
            LocationFix(coordinate: offset(origin, north: north, east: east), accuracy: 5, time: begin + Double(i))
        }
    }

    @Test("walking past a place announces it once, with distance and the direction from the user")
    func walkPast() throws {
        let p = planner([place("blue bottle", north: 100, east: 300)])
        let (_, posted) = replay(p, walkEast())
        #expect(posted.count == 1)
        let note = try #require(posted.first)
        #expect(note.title == "Blue Bottle")
        // Announced on the second fix inside 200 m: the place lies ahead (east) and to the north.
        #expect(note.distances[0] <= 200 && note.distances[0] > 190)
        #expect(note.lines[0].hasPrefix("Blue Bottle — 200 m ") || note.lines[0].hasPrefix("Blue Bottle — 190 m "))
        #expect(note.lines[0].hasSuffix("northeast"))
        #expect(note.actions == [.navigate, .snooze])
    }

    @Test("a sparse wake-up that jumps past a place still announces it (the segment is tested)")
    func crossedBetweenFixes() {
        let p = planner([place("kiosk", north: 150, east: 0)])
        let fixes = [
            LocationFix(coordinate: offset(origin, north: 0, east: -1_000), accuracy: 10, time: t0),
            LocationFix(coordinate: offset(origin, north: 0, east: 1_000), accuracy: 10, time: t0 + 300),
        ]
        let (_, posted) = replay(p, fixes)
        #expect(posted.map(\.placeIDs) == [["kiosk"]])
        // The same jump with the place 250 m off the line (outside its 200 m radius): nothing.
        let far = planner([place("kiosk", north: 250, east: 0)])
        #expect(replay(far, fixes).1.isEmpty)
    }

    @Test("GPS jitter parked 20 m outside the radius for an hour never announces; parked just inside, exactly once")
    func jitter() {
        var generator = SeededGenerator(seed: 42)
        func parked(at distance: Double) -> [LocationFix] {
            (0..<3_600).map { i in
                let n = Double.random(in: -8...8, using: &generator), e = Double.random(in: -8...8, using: &generator)
                return LocationFix(coordinate: offset(origin, north: n, east: distance + e), accuracy: 8, time: t0 + Double(i))
            }
        }
        let p = planner([place("museum", north: 0, east: 0)])
        #expect(replay(p, parked(at: 220)).1.isEmpty)
        #expect(replay(p, parked(at: 180)).1.count == 1)
    }

    @Test("replaying the same fixes again posts nothing; from scratch it posts the same notifications")
    func idempotent() {
        let p = planner([place("a", north: 50, east: -200), place("b", north: -80, east: 400)])
        let fixes = walkEast()
        let (state, first) = replay(p, fixes)
        #expect(first.count == 2)
        #expect(replay(p, fixes, from: state).1.isEmpty)
        #expect(replay(p, fixes).1 == first)
    }

    @Test("out-of-order, inaccurate and impossible fixes are ignored and say why")
    func ignoredFixes() {
        let p = planner([place("a", north: 0, east: 0)])
        var state = p.step(PlannerState(), .fix(LocationFix(coordinate: offset(origin, north: 0, east: 500), accuracy: 5, time: t0))).state
        let older = p.step(state, .fix(LocationFix(coordinate: origin, accuracy: 5, time: t0 - 1)))
        #expect(older.ignored == .outOfOrder && older.notifications.isEmpty && older.regions == nil)
        let vague = p.step(state, .fix(LocationFix(coordinate: origin, accuracy: 500, time: t0 + 10)))
        #expect(vague.ignored == .inaccurate)
        let teleport = p.step(state, .fix(LocationFix(coordinate: offset(origin, north: 50_000, east: 0), accuracy: 5, time: t0 + 10)))
        #expect(teleport.ignored == .impossibleSpeed)
        state = teleport.state
        #expect(state.lastFix?.time == t0)
    }

    @Test("only active trips within their dates are announced")
    func activeTrips() {
        let places = [place("on", north: 50, east: 0), place("off", north: -50, east: 0, trip: "off"), place("later", north: 0, east: 60, trip: "later")]
        let trips = [
            trip, Trip(id: "off", name: "Off", isActive: false, alertRadius: 200, timeZone: "Europe/Helsinki"),
            Trip(id: "later", name: "Later", startDate: "2025-07-01", endDate: "2025-07-10", alertRadius: 200, timeZone: "Europe/Helsinki"),
        ]
        let (_, posted) = replay(planner(places, trips: trips), walkEast(from: -300, to: 300))
        #expect(posted.flatMap(\.placeIDs) == ["on"])
    }

    @Test("a closed place is not announced; quiet hours hold announcements until they end while still near")
    func context() {
        // 18:06 in Helsinki: a place open 09:00–17:00 is closed; one open until 20:00 is open.
        let closed = planner([place("shop", north: 30, east: 0, hours: "Mo-Su 09:00-17:00")])
        #expect(replay(closed, walkEast(from: -300, to: 300)).1.isEmpty)
        let open = planner([place("shop", north: 30, east: 0, hours: "Mo-Su 09:00-20:00")])
        #expect(replay(open, walkEast(from: -300, to: 300)).1.count == 1)
        // Quiet until 18:10 local (t0 is 18:06:40): standing inside, the announcement comes at 18:10.
        var quiet = trip
        quiet.quietHours = QuietHours(start: 0, end: 18 * 60 + 10)
        let p = planner([place("bench", north: 0, east: 0)], trips: [quiet])
        let standing = (0..<600).map { LocationFix(coordinate: offset(origin, north: 10, east: 0), accuracy: 5, time: t0 + Double($0)) }
        let posted = replay(p, standing).1
        #expect(posted.count == 1)
        #expect(posted.first.map { $0.time >= t0 + 200 } == true)
    }

    @Test("restaurants wait for meal times (configurable)")
    func mealTimes() {
        let lunchTime = 1_749_978_000.0  // 2025-06-15T09:00:00Z = 12:00 in Helsinki
        let afternoon = lunchTime + 4 * 3_600  // 16:00
        let p = planner([place("bistro", north: 20, east: 0, category: "restaurant")])
        #expect(replay(p, walkEast(from: -300, to: 300, t: lunchTime)).1.count == 1)
        #expect(replay(p, walkEast(from: -300, to: 300, t: afternoon)).1.isEmpty)
        var anyTime = p
        anyTime.configuration.mealWindows = [:]
        #expect(replay(anyTime, walkEast(from: -300, to: 300, t: afternoon)).1.count == 1)
    }

    @Test("places confirmed together are grouped into one notification, nearest first")
    func grouping() throws {
        let places = [place("far", north: 150, east: 0), place("near", north: 20, east: 0), place("mid", north: -90, east: 0)]
        let fixes = [
            LocationFix(coordinate: offset(origin, north: 0, east: -2_000), accuracy: 5, time: t0),
            LocationFix(coordinate: origin, accuracy: 5, time: t0 + 600),
        ]
        let posted = replay(planner(places), fixes).1
        let note = try #require(posted.first)
        #expect(posted.count == 1)
        #expect(note.title == "3 places nearby")
        #expect(note.placeIDs == ["near", "mid", "far"])
        #expect(note.lines.first == "Near — 20 m north")
    }

    @Test("after leaving, a place is not announced again within the cooldown, and is after it")
    func cooldown() {
        let p = planner([place("cafe", north: 0, east: 0)])
        let back = walkEast(t: t0 + 1_800) + walkEast(t: t0 + 7 * 3_600)
        let (_, posted) = replay(p, walkEast() + back)
        #expect(posted.map(\.time).count == 2)
        #expect(posted.last.map { $0.time > t0 + 7 * 3_600 } == true)
    }

    @Test("snoozing a place silences it until the snooze ends")
    func snooze() {
        let p = planner([place("cafe", north: 0, east: 0)])
        var state = p.step(PlannerState(), .snooze(placeID: "cafe", until: t0 + 3_600)).state
        (state, _) = (state, [])
        let during = replay(p, walkEast(), from: state)
        #expect(during.1.isEmpty)
        let after = replay(p, walkEast(t: t0 + 3 * 3_600), from: during.0)
        #expect(after.1.count == 1)
    }

    @Test("a region event before any location (iOS relaunch) asks for one; the entry then confirms at once")
    func relaunch() {
        let p = planner([place("gallery", north: 0, east: 0)])
        let event = RegionEvent(kind: .enter, regionID: "place:gallery", time: t0)
        let cold = p.step(PlannerState(), .region(event, fix: nil))
        #expect(cold.needsLocation)
        #expect(cold.regions == nil)
        #expect(cold.notifications.isEmpty)
        let warm = p.step(cold.state, .region(event, fix: LocationFix(coordinate: offset(origin, north: 150, east: 0), accuracy: 20, time: t0 + 2)))
        #expect(warm.notifications.map(\.placeIDs) == [["gallery"]])
        #expect(!warm.needsLocation && !warm.state.awaitingLocation)
    }

    @Test("regions: the nearest 19 active places plus a refresh region that stops short of the 20th place", arguments: [100, 100_000])
    func regions(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let places = (0..<count).map { i in
            place("p\(i)", north: Double.random(in: -20_000...20_000, using: &generator), east: Double.random(in: -20_000...20_000, using: &generator))
        }
        let p = planner(places)
        let output = p.step(PlannerState(), .activity(.automotive, time: t0))
        let regions = try #require(p.step(output.state, .fix(LocationFix(coordinate: origin, accuracy: 5, time: t0))).regions)
        #expect(regions.count == 20)
        let refresh = try #require(regions.last)
        #expect(refresh.id == MonitoredRegion.refreshID && !refresh.notifyOnEntry)
        let monitored = Set(regions.dropLast().map(\.id))
        let byDistance = places.sorted { Haversine.distance($0.coordinate, origin) < Haversine.distance($1.coordinate, origin) }
        #expect(monitored == Set(byDistance.prefix(19).map { "place:\($0.id)" }))
        let twentieth = Haversine.distance(byDistance[19].coordinate, origin) - 200
        #expect(refresh.radius <= max(100, twentieth) + 1e-6)
        #expect(refresh.radius <= 1_500)
    }

    @Test("with no motion activity, the refresh region is sized by the speed between fixes")
    func refreshBySpeed() throws {
        let p = planner([place("far", north: 30_000, east: 0)])
        func refresh(speed: Double) throws -> Double {
            var state = p.step(PlannerState(), .fix(LocationFix(coordinate: origin, accuracy: 5, time: t0))).state
            state.plannedRefresh = nil
            let next = LocationFix(coordinate: offset(origin, north: 0, east: speed * 10), accuracy: 5, time: t0 + 10)
            return try #require(p.step(state, .fix(next)).regions?.last?.radius)
        }
        #expect(try refresh(speed: 1.4) == 200)  // walking
        #expect(try refresh(speed: 5) == 500)  // cycling
        #expect(try refresh(speed: 15) == 1_500)  // driving
    }
}

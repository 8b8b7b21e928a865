import GeoKit
import Testing
@testable import ProximityKit

@Suite("The tracking engine between device events and the planner")
struct TrackingEngineTests {
    static let center = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let trip = Trip(id: "t", name: "Helsinki", alertRadius: 150)

    static func places(_ count: Int) -> [SavedPlace] {
        (0..<count).map { index in
            let point = try! Spherical.destination(from: center, bearing: Double(index * 137 % 360), distance: Double(300 + index * 40))
            return SavedPlace(id: "p\(index)", tripID: "t", name: "P\(index)", coordinate: point)
        }
    }

    static func engine(_ count: Int, _ authorization: LocationAuthorization = .always) -> TrackingEngine {
        TrackingEngine(planner: ProximityPlanner(catalog: PlaceCatalog(places: places(count), trips: [trip])), authorization: authorization)
    }

    @Test("the first fix plans the 19 nearest places and the refresh region, and only Always monitors them")
    func firstFix() {
        var engine = Self.engine(60)
        let step = engine.handle(.fix(LocationFix(coordinate: Self.center, accuracy: 10, time: 1_000)))
        #expect(step.conditionsChanged)
        #expect(engine.conditions.count == 20)
        #expect(engine.conditions.last?.id == MonitoredRegion.refreshID)
        let nearest = Set(Self.places(60).sorted { Haversine.distance($0.coordinate, Self.center) < Haversine.distance($1.coordinate, Self.center) }
            .prefix(19).map { "place:\($0.id)" })
        #expect(Set(engine.conditions.dropLast().map(\.id)) == nearest)
        #expect(engine.wantsSignificantChanges)

        let downgraded = engine.authorize(.whenInUse)
        #expect(downgraded)
        #expect(engine.conditions.isEmpty)
        #expect(!engine.wantsSignificantChanges)
        #expect(engine.regions.count == 20, "the plan is kept for when Always comes back")
        let upgraded = engine.authorize(.always)
        #expect(upgraded)
        #expect(engine.conditions.count == 20)
    }

    @Test("a planner configured for more regions is still held to 20 conditions, the refresh region kept")
    func heldToTwenty() {
        var configuration = PlannerConfiguration()
        configuration.placeRegionLimit = 30
        var engine = TrackingEngine(
            planner: ProximityPlanner(catalog: PlaceCatalog(places: Self.places(60), trips: [Self.trip]), configuration: configuration),
            authorization: .always)
        _ = engine.handle(.fix(LocationFix(coordinate: Self.center, accuracy: 10, time: 1_000)))
        #expect(engine.conditions.count == RegionMonitorLimit.conditions)
        #expect(engine.conditions.last?.id == MonitoredRegion.refreshID)
    }

    @Test("leaving the refresh region re-selects the watched places; staying inside changes nothing")
    func reselect() throws {
        var engine = Self.engine(60)
        // A known activity, so the refresh region is not re-sized from the speed between fixes.
        _ = engine.handle(.activity(.walking, time: 990))
        _ = engine.handle(.fix(LocationFix(coordinate: Self.center, accuracy: 10, time: 1_000)))
        let refresh = try #require(engine.refreshRegion)
        let inside = try Spherical.destination(from: Self.center, bearing: 0, distance: refresh.radius / 2)
        let stayed = engine.handle(.fix(LocationFix(coordinate: inside, accuracy: 10, time: 1_030)))
        #expect(stayed.conditionsChanged == false)
        let before = engine.conditions
        var time = 1_060.0
        var changes = 0
        for distance in stride(from: 100.0, through: 2_000, by: 100) {
            time += 30
            let point = try Spherical.destination(from: Self.center, bearing: 90, distance: distance)
            if engine.handle(.fix(LocationFix(coordinate: point, accuracy: 10, time: time))).conditionsChanged { changes += 1 }
            #expect(engine.conditions.count <= 20)
        }
        #expect(changes >= 2)
        #expect(engine.conditions != before)
        #expect(engine.conditions.count == 20)
    }

    @Test("a snapshot restores the state and the plan; new places re-plan around the last fix")
    func restore() {
        var engine = Self.engine(5)
        _ = engine.handle(.fix(LocationFix(coordinate: Self.center, accuracy: 10, time: 1_000)))
        #expect(engine.conditions.count == 6)
        var restored = TrackingEngine(planner: engine.planner, snapshot: engine.snapshot, authorization: .always)
        #expect(restored.conditions == engine.conditions)
        #expect(restored.state == engine.state)
        let grew = restored.replace(catalog: PlaceCatalog(places: Self.places(40), trips: [Self.trip]))
        #expect(grew)
        #expect(restored.conditions.count == 20)
        let emptied = restored.replace(catalog: PlaceCatalog(places: [], trips: [Self.trip]))
        #expect(emptied)
        #expect(restored.conditions.map(\.id) == [MonitoredRegion.refreshID])
    }
}

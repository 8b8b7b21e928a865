import Foundation
import GeoKit
import RoutingKit
import Testing

@Suite("Route planner on a hand-drawn network")
struct RoutePlannerTests {
    let planner = RoutePlanner(graph: SyntheticNetwork.graph)

    func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test("an L-shaped drive reads 'Head east on Pratt Street', 'Turn left onto Charles Street', 'Arrive'")
    func turnByTurn() throws {
        let route = try planner.route(from: at(39.2801, -76.6190), to: at(39.2880, -76.6101), mode: .car)
        #expect(
            route.steps.map(\.instruction) == [
                "Head east on Pratt Street", "Turn left onto Charles Street", "Arrive at your destination",
            ])
        #expect(route.steps.map(\.maneuver) == [.depart, .left, .arrive])
        // By hand: 0.009° of longitude at 39.28° (774.65 m) then 0.008° of latitude (889.56 m).
        #expect(abs(route.distance - 1664.2) < 1.0)
        #expect(abs(route.steps[0].distance - 774.65) < 1.0)
        // Residential streets without maxspeed: 25 km/h.
        #expect(abs(route.duration - 1664.2 / (25 / 3.6)) < 0.5)
    }

    @Test("a car goes around a one-way street driven the wrong way; a walker takes it")
    func oneway() throws {
        let from = at(39.3000, -76.5910)
        let to = at(39.3000, -76.5990)
        let car = try planner.route(from: from, to: to, mode: .car)
        // By hand: 86.04 east to 12, 555.98 north, 860.3 west, 555.98 south, 86.04 along the one-way.
        #expect(abs(car.distance - 2144.5) < 2)
        #expect(car.steps.contains { $0.streetName == "Loop Road" })
        let walk = try planner.route(from: from, to: to, mode: .foot)
        #expect(abs(walk.distance - 688.4) < 1)
        let withTheFlow = try planner.route(from: to, to: from, mode: .car)
        #expect(abs(withTheFlow.distance - 688.4) < 1)
    }

    @Test("a footway is walked but never driven")
    func footway() throws {
        let from = at(39.3100, -76.6000)
        let to = at(39.3100, -76.5900)
        let walk = try planner.route(from: from, to: to, mode: .foot)
        #expect(abs(walk.distance - 860.35) < 1)
        // Walking speed 5 km/h.
        #expect(abs(walk.duration - walk.distance / (5 / 3.6)) < 1e-6)
        let car = try planner.route(from: from, to: to, mode: .car)
        #expect(abs(car.distance - (555.98 + 860.28 + 555.98)) < 2)
        let bike = try planner.route(from: from, to: to, mode: .bicycle)
        #expect(bike.distance > 1900, "bicycles stay off footways without bicycle=yes")
    }

    @Test("an island is unreachable, and says so with both ends")
    func unreachable() throws {
        let from = at(39.3000, -76.5950)
        let to = at(39.3300, -76.5995)
        #expect(throws: DirectionsError.unreachable(from: from, to: to, mode: .foot)) {
            try planner.route(from: from, to: to, mode: .foot)
        }
    }

    @Test(
        "points far outside the network are refused by role",
        arguments: [
            (Coordinate(uncheckedLatitude: 0, longitude: 0), "origin"),
            (Coordinate(uncheckedLatitude: 39.5, longitude: -76.6), "destination"),
        ])
    func farAway(point: Coordinate, role: String) throws {
        let inside = at(39.2800, -76.6150)
        let (from, to) = role == "origin" ? (point, inside) : (inside, point)
        #expect(
            throws: DirectionsError.noRoadNearby(role: role, point: point, mode: .car, maximumDistance: 500)
        ) {
            try planner.route(from: from, to: to, mode: .car)
        }
    }

    @Test("both ends on one segment: a direct piece, and the arrival step")
    func sameSegment() throws {
        let route = try planner.route(from: at(39.2800, -76.6180), to: at(39.2800, -76.6120), mode: .foot)
        #expect(abs(route.distance - 0.006 * 111_195.08 * cos(39.28 * .pi / 180)) < 0.5)
        #expect(route.steps.map(\.maneuver) == [.depart, .arrive])
    }

    @Test("the service answers every mode for travel info, leaving out none here")
    func travelInfo() async throws {
        let service = LocalDirectionsService(graph: SyntheticNetwork.graph)
        let info = try await service.travelInfo(from: at(39.2801, -76.6190), to: at(39.2880, -76.6101))
        #expect(info.walkingTime != nil && info.cyclingTime != nil && info.drivingTime != nil)
        let walking = try #require(info.walkingTime)
        let driving = try #require(info.drivingTime)
        #expect(walking > driving)
        #expect(info.transitTime == nil)
    }
}

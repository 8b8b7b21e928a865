import Foundation
import GeoKit
import LociTestSupport
import OSMKit
import RoutingKit
import Testing

@Suite(
    "Routing on real OSM extracts",
    .enabled(
        if: SharedData.has(Extracts.baltimorePath, Extracts.monacoPath),
        Comment(rawValue: SharedData.missingMessage("the Baltimore and Monaco extracts"))))
struct RealExtractTests {
    @Test("the graphs are valid and sizeable")
    func valid() throws {
        for graph in [Extracts.baltimore, Extracts.monaco] {
            let graph = try #require(graph)
            try graph.validate()
            #expect(graph.nodeCount > 5_000 && graph.edgeCount > graph.nodeCount)
        }
    }

    @Test("A* costs equal a plain Dijkstra's on random node pairs", arguments: TravelMode.allCases)
    func matchesDijkstra(mode: TravelMode) throws {
        for (name, graph) in [("baltimore", Extracts.baltimore), ("monaco", Extracts.monaco)] {
            let graph = try #require(graph)
            let router = Router(graph: graph)
            var generator = SeededGenerator(seed: 42)
            var compared = 0
            let usable = (0..<graph.nodeCount).filter { n in
                (Int(graph.firstEdge[n])..<Int(graph.firstEdge[n + 1])).contains {
                    graph.edgeModes[$0] & mode.accessBit != 0
                }
            }
            for _ in 0..<25 {
                let a = usable[Int.random(in: 0..<usable.count, using: &generator)]
                let b = usable[Int.random(in: 0..<usable.count, using: &generator)]
                let reference = ReferenceDijkstra.cost(graph, from: a, to: b, mode: mode)
                let path = router.search(
                    from: [(Int32(a), 0)], to: [(Int32(b), 0)], target: graph.coordinate(b), mode: mode)
                #expect((reference == nil) == (path == nil), "\(name) \(mode) \(a)→\(b)")
                if let reference, let path {
                    #expect(
                        abs(reference - path.cost) <= 1e-6 * max(1, reference), "\(name) \(mode) \(a)→\(b)")
                    compared += 1
                }
            }
            #expect(compared >= 10, "\(name) \(mode): too few connected pairs to mean anything")
        }
    }

    @Test(
        "routes between random points are no shorter than the great circle and not absurdly longer",
        arguments: TravelMode.allCases)
    func sane(mode: TravelMode) throws {
        let graph = try #require(Extracts.baltimore)
        let planner = RoutePlanner(graph: graph)
        var generator = SeededGenerator(seed: 7)
        var routed = 0
        for _ in 0..<40 {
            let a = graph.coordinate(Int.random(in: 0..<graph.nodeCount, using: &generator))
            let b = graph.coordinate(Int.random(in: 0..<graph.nodeCount, using: &generator))
            guard let route = try? planner.route(from: a, to: b, mode: mode) else { continue }
            routed += 1
            let first = try #require(route.geometry.first)
            let last = try #require(route.geometry.last)
            let crow = Haversine.distance(first, last)
            #expect(route.distance >= crow - 0.01)
            // Cars in Baltimore may have to go round the harbour through a tunnel: OSRM's car profile
            // on this extract routes 39.2714,-76.6081 → 39.2804,-76.5945 (1.5 km apart) over 11.5 km.
            let slack = mode == .car ? 12_000.0 : 2_000
            #expect(
                route.distance <= 3 * crow + slack,
                "\(mode): \(route.distance) m for \(crow) m as the crow flies, \(a) → \(b)")
            // The line's own length agrees with the reported distance.
            let drawn = zip(route.geometry, route.geometry.dropFirst()).reduce(0) {
                $0 + Haversine.distance($1.0, $1.1)
            }
            #expect(abs(drawn - route.distance) <= 0.005 * route.distance + 1)
            #expect(route.steps.last?.maneuver == .arrive)
            if mode == .foot {
                #expect(abs(route.duration - route.distance / (5 / 3.6)) <= 1e-6 * route.duration + 1e-6)
            }
        }
        #expect(routed >= 20)
    }

    @Test("a one-way street is not driven against its direction but can be walked")
    func onewayInBaltimore() throws {
        let graph = try #require(Extracts.baltimore)
        let raw = try #require(Extracts.baltimoreRaw)
        let index = Dictionary(uniqueKeysWithValues: graph.osmNodeIDs.enumerated().map { ($1, $0) })
        let oneways = raw.ways.filter {
            $0.tags["oneway"] == "yes"
                && ["residential", "tertiary", "secondary"].contains($0.tags["highway"] ?? "")
                && $0.tags["oneway:bicycle"] == nil && $0.tags["access"] == nil
        }
        #expect(oneways.count >= 20)
        let router = Router(graph: graph)
        var checked = 0
        for way in oneways.prefix(20) {
            guard let a = index[way.nodeIDs[0]], let b = index[way.nodeIDs[1]],
                let pa = raw.coordinates[way.nodeIDs[0]], let pb = raw.coordinates[way.nodeIDs[1]]
            else { continue }
            let length = Haversine.distance(
                Coordinate(uncheckedLatitude: pa.0, longitude: pa.1),
                Coordinate(uncheckedLatitude: pb.0, longitude: pb.1))
            // Against the flow (b → a) a car may not use this way's segment.
            if let path = router.search(
                from: [(Int32(b), 0)], to: [(Int32(a), 0)], target: graph.coordinate(a), mode: .car)
            {
                #expect(
                    !path.edges.contains {
                        graph.edgeWay[Int($0)] == way.id && graph.source(Int($0)) == b
                            && Int(graph.edgeTarget[Int($0)]) == a
                    })
            }
            // On foot the segment itself is the shortest way back: its length at 5 km/h.
            let walk = try #require(
                router.search(
                    from: [(Int32(b), 0)], to: [(Int32(a), 0)], target: graph.coordinate(a), mode: .foot))
            #expect(abs(walk.cost - length / (5 / 3.6)) < 0.01)
            // With the flow the car takes it too.
            let drive = try #require(
                router.search(
                    from: [(Int32(a), 0)], to: [(Int32(b), 0)], target: graph.coordinate(b), mode: .car))
            #expect(drive.edges.count == 1 && graph.edgeWay[Int(drive.edges[0])] == way.id)
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test("no car route uses a footway; walkers do have them")
    func footwaysInBaltimore() throws {
        let graph = try #require(Extracts.baltimore)
        let raw = try #require(Extracts.baltimoreRaw)
        let footways = Set(
            raw.ways.filter {
                ["footway", "path", "steps", "pedestrian"].contains($0.tags["highway"] ?? "")
                    && $0.tags["motor_vehicle"] == nil && $0.tags["access"] == nil
            }.map(\.id))
        #expect(footways.count > 100)
        let carBit = TravelMode.car.accessBit
        let footBit = TravelMode.foot.accessBit
        #expect(
            !graph.edgeWay.indices.contains {
                footways.contains(graph.edgeWay[$0]) && graph.edgeModes[$0] & carBit != 0
            })
        #expect(
            graph.edgeWay.indices.contains {
                footways.contains(graph.edgeWay[$0]) && graph.edgeModes[$0] & footBit != 0
            })
        let planner = RoutePlanner(graph: graph)
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let a = graph.coordinate(Int.random(in: 0..<graph.nodeCount, using: &generator))
            let b = graph.coordinate(Int.random(in: 0..<graph.nodeCount, using: &generator))
            guard let route = try? planner.route(from: a, to: b, mode: .car) else { continue }
            #expect(route.steps.allSatisfy { $0.instruction.isEmpty == false })
        }
    }

    @Test("hostile input: points far outside the extract get a clear error")
    func farOutside() throws {
        let graph = try #require(Extracts.baltimore)
        let planner = RoutePlanner(graph: graph)
        let inside = graph.coordinate(0)
        let helsinki = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
        #expect(
            throws: DirectionsError.noRoadNearby(
                role: "destination", point: helsinki, mode: .bicycle, maximumDistance: 500)
        ) {
            try planner.route(from: inside, to: helsinki, mode: .bicycle)
        }
        let poles = Coordinate(uncheckedLatitude: -90, longitude: 180)
        #expect(
            throws: DirectionsError.noRoadNearby(
                role: "origin", point: poles, mode: .car, maximumDistance: 500)
        ) {
            try planner.route(from: poles, to: inside, mode: .car)
        }
    }
}

import OSMKit
import RoutingKit

/// A small hand-drawn network near Baltimore whose distances are worked out by hand in the tests.
///
/// One degree of latitude is 111,195.08 m on the mean sphere (R = 6,371,008.8 m); a degree of
/// longitude is that times cos(latitude).
enum SyntheticNetwork {
    static let nodes: [Int64: (Double, Double)] = [
        // Pratt Street (east–west) meets Charles Street (north) at 2.
        1: (39.2800, -76.6200), 2: (39.2800, -76.6100), 3: (39.2890, -76.6100),
        // A one-way street 11 → 12 and a two-way loop back 12 → 13 → 14 → 11.
        11: (39.3000, -76.6000), 12: (39.3000, -76.5900), 13: (39.3050, -76.5900), 14: (39.3050, -76.6000),
        // A footway 21 → 22 and a road around it 21 → 23 → 24 → 22.
        21: (39.3100, -76.6000), 22: (39.3100, -76.5900), 23: (39.3150, -76.6000), 24: (39.3150, -76.5900),
        // An island, connected to nothing.
        31: (39.3300, -76.6000), 32: (39.3300, -76.5990),
    ]

    static let ways: [OSMWay] = [
        OSMWay(id: 100, nodeIDs: [1, 2], tags: ["highway": "residential", "name": "Pratt Street"]),
        OSMWay(id: 101, nodeIDs: [2, 3], tags: ["highway": "residential", "name": "Charles Street"]),
        OSMWay(
            id: 110, nodeIDs: [11, 12],
            tags: ["highway": "residential", "oneway": "yes", "name": "One Way Street"]),
        OSMWay(id: 111, nodeIDs: [12, 13, 14, 11], tags: ["highway": "residential", "name": "Loop Road"]),
        OSMWay(id: 120, nodeIDs: [21, 22], tags: ["highway": "footway"]),
        OSMWay(id: 121, nodeIDs: [21, 23, 24, 22], tags: ["highway": "residential", "name": "Detour Lane"]),
        OSMWay(id: 130, nodeIDs: [31, 32], tags: ["highway": "residential", "name": "Island Road"]),
        OSMWay(id: 140, nodeIDs: [1, 3], tags: ["building": "yes"]),
    ]

    static var graph: RoadGraph { RoadGraph(ways: ways, coordinates: nodes) }
}

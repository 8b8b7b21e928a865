import Foundation
import GeoKit

extension Street {
    /// How far (metres) a simplified line may stray from the surveyed one: below a pixel at
    /// zoom 18 (0.6 m at the equator, less toward the poles), so no drawn tile shows the difference.
    public static let simplificationTolerance = 0.5

    /// Builds a street from an OSM way's vertices and tags, or `nil` when `highway` is absent or
    /// not a street, road or path (``Kind/init(highway:)``), or the line has under two vertices.
    ///
    /// The line is simplified with Douglas–Peucker at ``simplificationTolerance`` (distances in a
    /// local equirectangular plane, exact enough over one way).
    public static func fromOSM(type: OSMElementType, id: Int64, line: [Coordinate], tags: [String: String]) -> Street? {
        guard let kind = tags["highway"].flatMap(Kind.init(highway:)) else { return nil }
        return Street(id: PlaceID(osm: type, id: id), kind: kind, line: simplify(line, tolerance: simplificationTolerance))
    }

    /// The vertices of `line` Douglas–Peucker keeps at `tolerance` metres (first and last always).
    ///
    /// - Complexity: O(n log n) typical, O(n²) worst case, for n vertices.
    public static func simplify(_ line: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard line.count > 2 else { return line }
        let metresPerDegree = 111_195.0
        let scale = cos(line[0].latitude * .pi / 180)
        let points = line.map { ($0.longitude * scale * metresPerDegree, $0.latitude * metresPerDegree) }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let (ax, ay) = points[first], (bx, by) = points[last]
            let dx = bx - ax, dy = by - ay
            let length2 = dx * dx + dy * dy
            var farthest = first, distance = -1.0
            for index in (first + 1)..<last {
                let (px, py) = points[index]
                let t = length2 > 0 ? max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0
                let ex = px - (ax + t * dx), ey = py - (ay + t * dy)
                let d = (ex * ex + ey * ey).squareRoot()
                if d > distance { (farthest, distance) = (index, d) }
            }
            guard distance > tolerance else { continue }
            keep[farthest] = true
            stack.append((first, farthest))
            stack.append((farthest, last))
        }
        return zip(line, keep).compactMap { $1 ? $0 : nil }
    }
}

extension Street.Kind {
    /// The class of an OSM `highway` value, or `nil` for values that are not drawn as streets
    /// (`proposed`, `construction`, `platform`, `bus_stop`, `corridor`, `elevator`…).
    public init?(highway: String) {
        switch highway {
        case "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary",
            "secondary_link", "tertiary", "tertiary_link":
            self = .major
        case "residential", "unclassified", "living_street", "service", "pedestrian", "road", "busway":
            self = .minor
        case "footway", "cycleway", "path", "steps", "track", "bridleway":
            self = .path
        default:
            return nil
        }
    }
}

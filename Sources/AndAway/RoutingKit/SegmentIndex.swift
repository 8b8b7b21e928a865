import Foundation
import GeoKit

/// A uniform grid over the graph's road segments (each undirected segment once) for snapping
/// points to the nearest road a mode may use.
///
/// - Complexity: building is O(segments); a query visits the cells in growing rings around the
///   point until no closer segment can exist.
public struct SegmentIndex: Sendable {
    private var segmentU: [Int32] = [], segmentV: [Int32] = []
    private var forward: [Int32] = [], backward: [Int32] = []
    private let south: Double, west: Double, cellDegrees: Double
    private let rows: Int, columns: Int
    private var cellStart: [Int32] = [], cellSegments: [Int32] = []

    /// The segments of `graph`, bucketed into cells of about `cellMetres`.
    public init(graph: RoadGraph, cellMetres: Double = 250) {
        for u in 0..<graph.nodeCount {
            for e in Int(graph.firstEdge[u])..<Int(graph.firstEdge[u + 1]) {
                let v = Int(graph.edgeTarget[e])
                var reverse = -1
                for r in Int(graph.firstEdge[v])..<Int(graph.firstEdge[v + 1])
                where Int(graph.edgeTarget[r]) == u && graph.edgeWay[r] == graph.edgeWay[e] {
                    reverse = r
                    break
                }
                if reverse >= 0 && reverse < e { continue }
                segmentU.append(Int32(u))
                segmentV.append(Int32(v))
                forward.append(Int32(e))
                backward.append(Int32(reverse))
            }
        }
        let lats = graph.latitudes
        let lons = graph.longitudes
        south = lats.min() ?? 0
        west = lons.min() ?? 0
        let spanLat = (lats.max() ?? 0) - south
        let spanLon = (lons.max() ?? 0) - west
        var cell = cellMetres / 111_320
        while (spanLat / cell + 1) * (spanLon / cell + 1) > 4_000_000 { cell *= 2 }
        cellDegrees = cell
        rows = Int(spanLat / cell) + 1
        columns = Int(spanLon / cell) + 1
        var counts = [Int32](repeating: 0, count: rows * columns + 1)
        var pairs: [(cell: Int, segment: Int32)] = []
        for s in segmentU.indices {
            let a = Int(segmentU[s])
            let b = Int(segmentV[s])
            let r0 = row(min(lats[a], lats[b]))
            let r1 = row(max(lats[a], lats[b]))
            let c0 = column(min(lons[a], lons[b]))
            let c1 = column(max(lons[a], lons[b]))
            for r in r0...r1 {
                for c in c0...c1 {
                    pairs.append((r * columns + c, Int32(s)))
                    counts[r * columns + c + 1] += 1
                }
            }
        }
        for i in 0..<(rows * columns) { counts[i + 1] += counts[i] }
        var cursor = counts
        cellSegments = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            cellSegments[Int(cursor[pair.cell])] = pair.segment
            cursor[pair.cell] += 1
        }
        cellStart = counts
    }

    private func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude - south) / cellDegrees)))
    }
    private func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int((longitude - west) / cellDegrees)))
    }

    /// The nearest point on a segment `mode` may use in at least one direction, within `maximumDistance` metres.
    public func snap(_ point: Coordinate, in graph: RoadGraph, mode: TravelMode, maximumDistance: Double)
        -> RoadSnap?
    {
        guard !segmentU.isEmpty else { return nil }
        let metresPerDegreeLat = 111_320.0
        let metresPerDegreeLon = max(1, metresPerDegreeLat * cos(point.latitude * .pi / 180))
        let cellMetres = cellDegrees * min(metresPerDegreeLat, metresPerDegreeLon)
        // Distance from the point to the grid's box, to refuse far-away points at once.
        let north = south + Double(rows) * cellDegrees
        let east = west + Double(columns) * cellDegrees
        let dLat = max(0, south - point.latitude, point.latitude - north) * metresPerDegreeLat
        let dLon = max(0, west - point.longitude, point.longitude - east) * metresPerDegreeLon
        guard (dLat * dLat + dLon * dLon).squareRoot() <= maximumDistance else { return nil }

        let centreRow = Int(((point.latitude - south) / cellDegrees).rounded(.down))
        let centreColumn = Int(((point.longitude - west) / cellDegrees).rounded(.down))
        var best: RoadSnap?
        var ring = 0
        while true {
            for r in (centreRow - ring)...(centreRow + ring) where r >= 0 && r < rows {
                for c in (centreColumn - ring)...(centreColumn + ring) where c >= 0 && c < columns {
                    guard abs(r - centreRow) == ring || abs(c - centreColumn) == ring else { continue }
                    let cell = r * columns + c
                    for i in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                        let s = Int(cellSegments[i])
                        guard usable(s, graph, mode), let candidate = project(point, s, graph) else {
                            continue
                        }
                        if candidate.distance <= maximumDistance
                            && candidate.distance < (best?.distance ?? .infinity)
                        {
                            best = candidate
                        }
                    }
                }
            }
            let reach = Double(ring) * cellMetres
            if reach > (best?.distance ?? maximumDistance) || ring > rows + columns { return best }
            ring += 1
        }
    }

    private func usable(_ s: Int, _ graph: RoadGraph, _ mode: TravelMode) -> Bool {
        let bit = mode.accessBit
        return (forward[s] >= 0 && graph.edgeModes[Int(forward[s])] & bit != 0)
            || (backward[s] >= 0 && graph.edgeModes[Int(backward[s])] & bit != 0)
    }

    /// The closest point of segment `s` to `point`, in a local equirectangular plane around `point`.
    private func project(_ point: Coordinate, _ s: Int, _ graph: RoadGraph) -> RoadSnap? {
        let a = Int(segmentU[s])
        let b = Int(segmentV[s])
        let k = cos(point.latitude * .pi / 180)
        let ax = (graph.longitudes[a] - point.longitude) * k
        let ay = graph.latitudes[a] - point.latitude
        let bx = (graph.longitudes[b] - point.longitude) * k
        let by = graph.latitudes[b] - point.latitude
        let dx = bx - ax
        let dy = by - ay
        let squared = dx * dx + dy * dy
        let t = squared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squared)) : 0
        let latitude = graph.latitudes[a] + t * (graph.latitudes[b] - graph.latitudes[a])
        let longitude = graph.longitudes[a] + t * (graph.longitudes[b] - graph.longitudes[a])
        let snapped = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        return RoadSnap(
            u: Int32(a), v: Int32(b), forwardEdge: forward[s], backwardEdge: backward[s], fraction: t,
            point: snapped, distance: Haversine.distance(point, snapped))
    }
}

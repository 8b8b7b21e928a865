import Foundation
import GeoKit
import PlaceKit

/// Landmarks held in memory with a coarse grid for "near this point" lookups (offline).
public struct LandmarkCatalog: Sendable {
    /// Every landmark.
    public let landmarks: [Landmark]
    private let cells: [Int64: [Int]]
    private static let cellDegrees = 0.01

    /// A catalog of `landmarks`.
    public init(_ landmarks: [Landmark]) {
        self.landmarks = landmarks
        var cells: [Int64: [Int]] = [:]
        for (index, landmark) in landmarks.enumerated() {
            cells[Self.key(landmark.coordinate), default: []].append(index)
        }
        self.cells = cells
    }

    /// Landmarks from OSM places: those with a `tourism` or `historic` tag, a named `building`, or a
    /// Wikidata id, and a name.
    public static func osmLandmarks(_ places: [Place]) -> [Landmark] {
        places.compactMap { place in
            guard let name = place.name, !name.isEmpty else { return nil }
            let kind =
                place.tags["tourism"] ?? place.tags["historic"].map { "historic \($0)" }
                ?? place.tags["building"].map { "building \($0)" }
            guard kind != nil || place.wikidataID != nil else { return nil }
            return Landmark(
                id: place.id.rawValue, name: name, kind: kind ?? place.category, coordinate: place.coordinate,
                wikidata: place.wikidataID, source: "osm")
        }
    }

    /// Landmarks within `radius` metres of `point` (haversine).
    public func landmarks(near point: Coordinate, radius: Double) -> [Landmark] {
        let latitudeCells = Int((radius / 111_000 / Self.cellDegrees).rounded(.up)) + 1
        let longitudeCells =
            Int(
                (radius / (111_000 * max(0.01, cos(point.latitude * Angle.radiansPerDegree)))
                    / Self.cellDegrees)
                    .rounded(.up)) + 1
        let row = Int64((point.latitude / Self.cellDegrees).rounded(.down))
        let column = Int64((point.longitude / Self.cellDegrees).rounded(.down))
        var result: [Landmark] = []
        for r in (row - Int64(latitudeCells))...(row + Int64(latitudeCells)) {
            for c
                in (column - Int64(min(longitudeCells, 18_000)))...(column
                + Int64(min(longitudeCells, 18_000)))
            {
                for index in cells[r << 32 | (c & 0xFFFF_FFFF)] ?? []
                where Haversine.distance(point, landmarks[index].coordinate) <= radius {
                    result.append(landmarks[index])
                }
            }
        }
        return result
    }

    private static func key(_ c: Coordinate) -> Int64 {
        Int64((c.latitude / cellDegrees).rounded(.down)) << 32
            | (Int64((c.longitude / cellDegrees).rounded(.down)) & 0xFFFF_FFFF)
    }
}

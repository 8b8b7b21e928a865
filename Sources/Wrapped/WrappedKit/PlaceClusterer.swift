import Foundation
import GeoKit

/// Grid clustering of located photos into places (seed §10.4, as sharpened by the design note).
///
/// 1. Quantise every photo to a ~``cellSize`` m cell of a latitude-corrected grid: rows of
///    `cellSize` metres of latitude; in each row, columns of `cellSize` metres at the row's centre
///    latitude (so cells stay square-ish from the equator to the poles; columns wrap at ±180°).
/// 2. Seeds are taken in order of photo count (ties by cell key). A seed grows through its
///    8-neighbourhood (across rows by position, across the antimeridian) to non-empty cells not
///    yet taken **whose centre lies within ``maximumRadius`` of the seed's centre** — the
///    anti-chaining guard: a walk through downtown becomes several places, not one.
/// 3. A cluster is a place when it holds at least ``significanceThreshold(locatedPhotos:)``
///    photos: floor(log2 N) + 1, at least 3 (PhotoPrism's rule; the seed's fixed 3 does not grow
///    with the library).
/// 4. Places are ranked by distinct local days, then photos, then first visit, then id.
///
/// - Complexity: O(n log n) for n located photos (hashing plus sorting the cells).
public struct PlaceClusterer: Sendable {
    /// Cell edge, metres (seed: 120).
    public var cellSize: Double = 120
    /// Anti-chaining cap on a cell centre's distance from its seed's centre, metres.
    public var maximumRadius: Double = 350
    /// Representatives per place (seed §10.5: K = 9).
    public var representativeCount: Int = 9

    /// Creates a clusterer with the default parameters.
    public init() {}

    /// The minimum photos for a place in a library of `locatedPhotos` located photos.
    public static func significanceThreshold(locatedPhotos: Int) -> Int {
        guard locatedPhotos > 1 else { return 3 }
        return max(3, Int(log2(Double(locatedPhotos)).rounded(.down)) + 1)
    }

    /// Places among `photos` (those without a location are ignored), ranked; hidden ids marked.
    public func places(in photos: [ResolvedPhoto], hidden: Set<String> = []) -> [PlaceCluster] {
        let located = photos.filter { $0.asset.coordinate != nil }
        let threshold = Self.significanceThreshold(locatedPhotos: located.count)
        var cells: [CellKey: [Int]] = [:]
        for (index, photo) in located.enumerated() { cells[cell(of: photo.asset.coordinate!), default: []].append(index) }
        let seeds = cells.keys.sorted { a, b in
            let (ca, cb) = (cells[a]!.count, cells[b]!.count)
            return ca != cb ? ca > cb : a < b
        }
        var taken = Set<CellKey>()
        var result: [PlaceCluster] = []
        for seed in seeds where !taken.contains(seed) {
            let members = grow(from: seed, cells: cells, taken: &taken)
            let indices = members.flatMap { cells[$0]! }
            guard indices.count >= threshold else { continue }
            let cluster = makeCluster(id: seed.id, photos: indices.map { located[$0] }, hidden: hidden)
            result.append(cluster)
        }
        return result.sorted(by: Self.ranksBefore)
    }

    /// Ranking of seed §10.3 as corrected: distinct days, then photos, then first day, then id.
    public static func ranksBefore(_ a: PlaceCluster, _ b: PlaceCluster) -> Bool {
        if a.distinctDays != b.distinctDays { return a.distinctDays > b.distinctDays }
        if a.photoCount != b.photoCount { return a.photoCount > b.photoCount }
        if a.firstDay != b.firstDay { return a.firstDay < b.firstDay }
        return a.id < b.id
    }

    private func grow(from seed: CellKey, cells: [CellKey: [Int]], taken: inout Set<CellKey>) -> [CellKey] {
        let origin = center(of: seed)
        var members = [seed]
        taken.insert(seed)
        var queue = [seed]
        while let current = queue.popLast() {
            for neighbour in neighbours(of: current) where cells[neighbour] != nil && !taken.contains(neighbour) {
                guard Haversine.distance(origin, center(of: neighbour)) <= maximumRadius else { continue }
                taken.insert(neighbour)
                members.append(neighbour)
                queue.append(neighbour)
            }
        }
        return members
    }

    private func makeCluster(id: String, photos: [ResolvedPhoto], hidden: Set<String>) -> PlaceCluster {
        let ordered = photos.sorted { ($0.instant, $0.asset.id) < ($1.instant, $1.asset.id) }
        let centroid = Self.centroid(ordered.map { $0.asset.coordinate! })
        let radius = ordered.map { Haversine.distance(centroid, $0.asset.coordinate!) }.max() ?? 0
        let days = Set(ordered.map(\.local.date))
        return PlaceCluster(
            id: id, centroid: centroid, radius: radius, photoCount: ordered.count, distinctDays: days.count,
            firstDay: days.min()!, lastDay: days.max()!, assetIDs: ordered.map(\.asset.id),
            representativeIDs: Representatives.evenlySpaced(ordered, count: representativeCount).map(\.asset.id),
            label: nil, isHidden: hidden.contains(id))
    }

    /// Mean of unit vectors, back to latitude/longitude (correct across the antimeridian).
    static func centroid(_ points: [Coordinate]) -> Coordinate {
        var (x, y, z) = (0.0, 0.0, 0.0)
        for p in points {
            let (lat, lon) = (p.latitude * .pi / 180, p.longitude * .pi / 180)
            x += cos(lat) * cos(lon)
            y += cos(lat) * sin(lon)
            z += sin(lat)
        }
        let lat = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        let lon = atan2(y, x) * 180 / .pi
        return Coordinate(uncheckedLatitude: min(90, max(-90, lat)), longitude: lon)
    }

    // MARK: Grid

    struct CellKey: Hashable, Comparable {
        var row: Int
        var column: Int
        var id: String { "g120:\(row):\(column)" }
        static func < (a: CellKey, b: CellKey) -> Bool { (a.row, a.column) < (b.row, b.column) }
    }

    private var latitudeStep: Double { cellSize / (EarthRadius.mean * .pi / 180) }

    private func columns(inRow row: Int) -> Int {
        let centerLatitude = min(89.9999, max(-89.9999, (Double(row) + 0.5) * latitudeStep))
        let rowWidth = 2 * .pi * EarthRadius.mean * cos(centerLatitude * .pi / 180)
        return max(1, Int((rowWidth / cellSize).rounded(.down)))
    }

    func cell(of c: Coordinate) -> CellKey {
        let rows = Int((90 / latitudeStep).rounded(.up))
        let row = min(rows - 1, max(-rows, Int((c.latitude / latitudeStep).rounded(.down))))
        let count = columns(inRow: row)
        let column = min(count - 1, Int(((c.longitude + 180) / 360 * Double(count)).rounded(.down)))
        return CellKey(row: row, column: column)
    }

    func center(of key: CellKey) -> Coordinate {
        let count = columns(inRow: key.row)
        let lat = min(90, max(-90, (Double(key.row) + 0.5) * latitudeStep))
        let lon = (Double(key.column) + 0.5) / Double(count) * 360 - 180
        return Coordinate(uncheckedLatitude: lat, longitude: lon)
    }

    private func neighbours(of key: CellKey) -> [CellKey] {
        let here = center(of: key)
        var result: [CellKey] = []
        for dRow in -1...1 {
            let row = key.row + dRow
            let count = columns(inRow: row)
            let column = Int(((here.longitude + 180) / 360 * Double(count)).rounded(.down))
            for dColumn in -1...1 {
                let neighbour = CellKey(row: row, column: ((column + dColumn) % count + count) % count)
                if neighbour != key { result.append(neighbour) }
            }
        }
        return result
    }
}

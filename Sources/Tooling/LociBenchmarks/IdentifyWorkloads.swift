import Foundation
import GeoKit
import IdentifyKit
import PlaceKit
import SeededRandom

/// ShootVeil's workloads behind `loci bench identify`, with the targets: building
/// identification over 50 000 footprints ≤ 20 ms including 500 Monte-Carlo rays, and aircraft
/// matching over 10 000 aircraft ≤ 2 ms. Each runs beside its anchor in the same session.
public enum IdentifyWorkloads {
    /// One workload's figures.
    public struct Result: Sendable, Codable {
        /// Workload name.
        public var workload: String
        /// What was measured.
        public var detail: String
        /// Per-call timings of Loci.
        public var statistics: TimingStatistics
        /// The target median, nanoseconds.
        public var targetNanoseconds: Double
        /// What the anchor is.
        public var anchor: String
        /// Per-call timings of the anchor.
        public var anchorStatistics: TimingStatistics
        /// Extra numbers (agreement with the anchor, candidates considered, …).
        public var notes: [String: Double]

        /// Anchor median ÷ Loci median: above 1 means Loci is faster.
        public var ratio: Double { anchorStatistics.medianNanoseconds / statistics.medianNanoseconds }
    }

    /// Lower Manhattan: the synthetic city and sky lie around it.
    public static let center = Coordinate(uncheckedLatitude: 40.7336, longitude: -74.0027)

    /// A synthetic city of `count` buildings on a Manhattan-like grid around ``center``: blocks of
    /// 4 × 4 lots of 20 m behind 16 m streets, footprints 18 m square with 9 vertices (real OSM
    /// footprints in the West Village average about that), heights from 6 to 200 m skewed low,
    /// one in ten without a height.
    public static func city(buildings count: Int, seed: UInt64) -> [Building] {
        var rng = SplitMix64(seed: seed)
        let blocks = Int((Double(count) / 16).squareRoot().rounded(.up))
        let pitch = 96.0
        let half = Double(blocks) * pitch / 2
        let metresPerDegreeLatitude = 111_050.0
        let metresPerDegreeLongitude = 111_320.0 * cos(center.latitude * .pi / 180)
        func coordinate(_ x: Double, _ y: Double) -> Coordinate {
            Coordinate(
                uncheckedLatitude: center.latitude + y / metresPerDegreeLatitude,
                longitude: center.longitude + x / metresPerDegreeLongitude)
        }
        var buildings: [Building] = []
        buildings.reserveCapacity(count)
        outer: for row in 0..<blocks {
            for column in 0..<blocks {
                for lot in 0..<16 {
                    guard buildings.count < count else { break outer }
                    let x0 = Double(column) * pitch - half + 8 + Double(lot % 4) * 20 + 1
                    let y0 = Double(row) * pitch - half + 8 + Double(lot / 4) * 20 + 1
                    let corners = [(x0, y0), (x0 + 18, y0), (x0 + 18, y0 + 18), (x0, y0 + 18)]
                    var ring: [Coordinate] = []
                    for (i, corner) in corners.enumerated() {
                        let next = corners[(i + 1) % 4]
                        ring.append(coordinate(corner.0, corner.1))
                        ring.append(coordinate((corner.0 + next.0) / 2, (corner.1 + next.1) / 2))
                    }
                    let u = Double.random(in: 0..<1, using: &rng)
                    let height: Double? =
                        Double.random(in: 0..<1, using: &rng) < 0.1 ? nil : 6 + 194 * u * u * u
                    let id = PlaceID(osm: .way, id: Int64(buildings.count + 1))
                    if let b = Building(
                        id: id, footprint: ring, height: height,
                        heightSource: height == nil ? .unknown : .heightTag)
                    {
                        buildings.append(b)
                    }
                }
            }
        }
        return buildings
    }

    /// Building identification: `queries` captures from street corners within 1.5 km of the centre
    /// (random heading, pitch 0–30°, heading accuracy 10°, a random tap), each a full
    /// ``Identifier/identify(_:tapX:y:aircraft:)`` with `rays` rays over an in-memory grid index of
    /// the city. Anchor: ``BuildingIdentifier/identifyExhaustively(capture:tap:buildings:options:)``
    /// (no index, no wedge, no early stop) on the first `anchorQueries` captures, whose answers
    /// must agree.
    public static func buildingIdentification(
        city: [Building], queries: Int, anchorQueries: Int, rays: Int = 500, seed: UInt64 = 11
    ) throws -> Result {
        let index = InMemoryBuildingIndex(city)
        var options = IdentifyOptions()
        options.rays = rays
        let identifier = Identifier(buildings: index, options: options)
        var rng = SplitMix64(seed: seed)
        let intrinsics = try CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024)
        var captures: [(CaptureMetadata, Double, Double)] = []
        for _ in 0..<queries {
            // Street corners: the middle of the 16 m street grid (lots start 8 m after each 96 m line).
            let x =
                (Double(Int.random(in: -15...15, using: &rng)) * 96) + Double.random(in: -6...6, using: &rng)
            let y =
                (Double(Int.random(in: -15...15, using: &rng)) * 96) + Double.random(in: -6...6, using: &rng)
            let point = Coordinate(
                uncheckedLatitude: center.latitude + y / 111_050,
                longitude: center.longitude + x / (111_320 * cos(center.latitude * .pi / 180)))
            let capture = try CaptureMetadata(
                time: nil, coordinate: point, ellipsoidalHeight: -30,
                attitude: CameraAttitude(
                    heading: Double.random(in: 0..<360, using: &rng),
                    pitch: Double.random(in: 0...30, using: &rng)),
                headingAccuracy: 10, intrinsics: intrinsics)
            captures.append(
                (capture, Double.random(in: 0...4032, using: &rng), Double.random(in: 0...3024, using: &rng)))
        }
        var considered: [Double] = []
        for (capture, x, y) in captures {
            let tap = try capture.direction(tapX: x, y: y)
            considered.append(
                Double(
                    try BuildingIdentifier.identify(
                        capture: capture, tap: tap, buildings: index, options: options
                    ).consideredBuildings))
        }
        let statistics = Stopwatch.perCall(calls: queries) { i in
            blackHole(try? identifier.identify(captures[i].0, tapX: captures[i].1, y: captures[i].2))
        }
        var agree = 0
        var anchorSamples: [Double] = []
        for i in 0..<min(anchorQueries, queries) {
            let (capture, x, y) = captures[i]
            let tap = try capture.direction(tapX: x, y: y)
            var reference: BuildingIdentifier.Result?
            anchorSamples.append(
                Stopwatch.nanoseconds {
                    reference = BuildingIdentifier.identifyExhaustively(
                        capture: capture, tap: tap, buildings: city, options: options)
                })
            let ours = try BuildingIdentifier.identify(
                capture: capture, tap: tap, buildings: index, options: options)
            if ours.candidates.map(\.id) == reference?.candidates.map(\.id),
                ours.skyShare == reference?.skyShare
            {
                agree += 1
            }
        }
        considered.sort()
        return Result(
            workload: "identify building",
            detail: "\(city.count) footprints, \(rays) Monte-Carlo rays, σ_az 10°",
            statistics: statistics, targetNanoseconds: 20_000_000,
            anchor: "exhaustive cast (every footprint, every ray)",
            anchorStatistics: TimingStatistics(samples: anchorSamples),
            notes: [
                "anchor agreement": Double(agree), "anchor queries": Double(anchorSamples.count),
                "median footprints in wedge": considered.isEmpty ? 0 : considered[considered.count / 2],
            ])
    }

    /// `count` aircraft within 250 km of ``center`` (altitudes 300–12 000 m, 60–260 m/s, positions
    /// 0–10 s old at `time`).
    public static func sky(aircraft count: Int, time: Double, seed: UInt64) -> AircraftSnapshot {
        var rng = SplitMix64(seed: seed)
        var states: [AircraftState] = []
        for i in 0..<count {
            let distance = 250_000 * Double.random(in: 0..<1, using: &rng).squareRoot()
            let position =
                (try? Spherical.destination(
                    from: center, bearing: Double.random(in: 0..<360, using: &rng), distance: distance))
                ?? center
            states.append(
                AircraftState(
                    icao24: String(format: "%06x", i), callsign: "TST\(i)", coordinate: position,
                    geometricAltitude: Double.random(in: 300...12_000, using: &rng),
                    groundSpeed: Double.random(in: 60...260, using: &rng),
                    track: Double.random(in: 0..<360, using: &rng),
                    verticalRate: Double.random(in: -10...10, using: &rng),
                    positionTime: time - Double.random(in: 0...10, using: &rng)))
        }
        return AircraftSnapshot(time: time, aircraft: states)
    }

    /// Aircraft matching over a snapshot of `count` aircraft: ``AircraftMatcher/matches(_:capture:tap:options:)``
    /// for `queries` captures at the centre aimed at random aircraft. Anchor: the same scoring with
    /// each aircraft's azimuth and distance from the WGS84 geodesic inverse (Karney) and its
    /// elevation from the curved-earth formula — the way without a local frame.
    public static func aircraftMatching(count: Int, queries: Int, seed: UInt64 = 21) throws -> Result {
        let time = 1_738_703_700.0
        let snapshot = sky(aircraft: count, time: time, seed: seed)
        var rng = SplitMix64(seed: seed + 1)
        let intrinsics = try CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024)
        var captures: [(CaptureMetadata, ViewingDirection)] = []
        let plane = LocalTangentPlane(origin: GeodeticPosition(center, height: 10))
        while captures.count < queries {
            let target = snapshot.aircraft[Int.random(in: 0..<count, using: &rng)].extrapolated(to: time)
            let v = plane.enu(
                from: GeodeticPosition(target.coordinate, height: target.geometricAltitude ?? 0))
            let direction = ViewingDirection(enu: SIMD3(v.east, v.north, v.up))
            guard direction.elevation > 1 else { continue }
            let capture = try CaptureMetadata(
                time: Date(timeIntervalSince1970: time), coordinate: center, ellipsoidalHeight: 10,
                attitude: CameraAttitude(heading: direction.azimuth, pitch: direction.elevation),
                headingAccuracy: 10,
                intrinsics: intrinsics)
            captures.append((capture, direction))
        }
        var found = 0
        for (capture, direction) in captures
        where !AircraftMatcher.matches(snapshot, capture: capture, tap: direction).isEmpty {
            found += 1
        }
        let statistics = Stopwatch.perCall(calls: queries) { i in
            blackHole(AircraftMatcher.matches(snapshot, capture: captures[i].0, tap: captures[i].1))
        }
        var agree = 0
        let anchorCalls = min(queries, 200)
        for i in 0..<anchorCalls {
            let ours = AircraftMatcher.matches(snapshot, capture: captures[i].0, tap: captures[i].1).first?
                .state.icao24
            if ours == geodesicMatch(snapshot, capture: captures[i].0, tap: captures[i].1) { agree += 1 }
        }
        let anchor = Stopwatch.perCall(calls: anchorCalls) { i in
            blackHole(geodesicMatch(snapshot, capture: captures[i].0, tap: captures[i].1))
        }
        return Result(
            workload: "identify aircraft",
            detail: "\(count) aircraft within 250 km, extrapolated to the capture",
            statistics: statistics, targetNanoseconds: 2_000_000, anchor: "geodesic inverse per aircraft",
            anchorStatistics: anchor,
            notes: [
                "aimed-at aircraft matched": Double(found), "queries": Double(queries),
                "best match agrees": Double(agree), "anchor calls": Double(anchorCalls),
            ])
    }

    /// The anchor: best match by the same d², with azimuth from the geodesic inverse and elevation
    /// `atan((Δh − s²/2R)/s)`.
    static func geodesicMatch(_ snapshot: AircraftSnapshot, capture: CaptureMetadata, tap: ViewingDirection)
        -> String?
    {
        let time = capture.time?.timeIntervalSince1970 ?? snapshot.time
        let sigmaAz = max(capture.headingAccuracy, 3.0)
        let sigmaEl = max(capture.pitchAccuracy, 0.5)
        var best: (String, Double)?
        for state in snapshot.aircraft {
            let moved = state.extrapolated(to: time)
            guard let altitude = moved.bestAltitude else { continue }
            let inverse = Geodesic.wgs84.inverse(capture.position.coordinate, moved.coordinate)
            let s = max(inverse.distance, 1)
            let dh = altitude - capture.position.height
            let elevation = atan((dh - s * s / (2 * EarthRadius.mean)) / s) * 180 / .pi
            guard elevation >= -0.1 else { continue }
            let dAz = ViewingDirection.azimuthDifference(from: tap.azimuth, to: inverse.initialAzimuth)
            let a = dAz * cos(elevation * .pi / 180) / sigmaAz
            let e = (elevation - tap.elevation) / sigmaEl
            let d2 = a * a + e * e
            if d2 <= AircraftMatcher.gate, best == nil || d2 < best!.1 { best = (state.icao24, d2) }
        }
        return best?.0
    }
}

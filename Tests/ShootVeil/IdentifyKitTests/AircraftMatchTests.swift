import Foundation
import GeoKit
import LociTestSupport
import Testing

@testable import IdentifyKit

/// A camera aimed at where the real flight in `readsb-trace-ac671b.json` was.
@Suite(
    .enabled(
        if: SharedData.has("adsb/readsb-trace-ac671b.json"),
        Comment(rawValue: SharedData.missingMessage("the readsb trace"))))
struct AircraftTraceTests {
    static let trace: [AircraftState] = {
        guard let data = try? Data(contentsOf: SharedData.url("adsb/readsb-trace-ac671b.json")) else {
            return []
        }
        return (try? AircraftFeed.readsbTrace(data)) ?? []
    }()

    @Test func traceReadsInSIUnits() throws {
        let first = try #require(Self.trace.first)
        // trace[0]: 16.777359, -88.036868, 32000 ft baro, 478.6 kt, track 327.8°, alt_geom 33825 ft.
        #expect(first.icao24 == "ac671b")
        #expect(abs(first.coordinate.latitude - 16.777359) < 1e-9)
        #expect(abs(first.barometricAltitude! - 32_000 * 0.3048) < 1e-6)
        #expect(abs(first.geometricAltitude! - 33_825 * 0.3048) < 1e-6)
        #expect(abs(first.groundSpeed! - 478.6 * 1852 / 3600) < 1e-9)
        #expect(first.positionTime == 1_738_703_622.619)
        #expect(first.type == "B739")
        #expect(Self.trace.count > 100)
    }

    /// Pairs (i, j) of airborne trace points about `gap` seconds apart, spread through the flight.
    static func pairs(gap: Double) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var i = 0
        while i < trace.count - 1, result.count < 12 {
            if let j = ((i + 1)..<min(trace.count, i + 40)).first(where: {
                abs(trace[$0].positionTime - trace[i].positionTime - gap) < 1.5
            }),
                !trace[i].onGround, trace[i].geometricAltitude != nil, trace[j].geometricAltitude != nil,
                trace[i].groundSpeed != nil, trace[i].track != nil
            {
                result.append((i, j))
                i += trace.count / 14
            } else {
                i += 1
            }
        }
        return result
    }

    /// An observer on the ground 5 km to the right of the track, aimed at the aircraft's recorded
    /// position at the capture time; the snapshot holds the flight as it was `gap` seconds before,
    /// among decoys (the same flight 30–120 s earlier and later, relabelled and frozen).
    func check(gap: Double) throws {
        let pairs = Self.pairs(gap: gap)
        #expect(pairs.count >= 5)
        for (i, j) in pairs {
            let stale = Self.trace[i]
            let truth = Self.trace[j]
            let observer = try Spherical.destination(
                from: truth.coordinate, bearing: truth.track! + 90, distance: 5_000)
            let plane = LocalTangentPlane(origin: GeodeticPosition(observer, height: 0))
            let enu = plane.enu(from: GeodeticPosition(truth.coordinate, height: truth.geometricAltitude!))
            let aim = ViewingDirection(enu: SIMD3(enu.east, enu.north, enu.up))
            let capture = try CaptureMetadata(
                time: Date(timeIntervalSince1970: truth.positionTime), coordinate: observer,
                ellipsoidalHeight: 0,
                attitude: CameraAttitude(heading: aim.azimuth, pitch: aim.elevation), headingAccuracy: 3,
                pitchAccuracy: 2,
                intrinsics: WestVillage.intrinsics)
            var aircraft = [stale]
            for (k, offset) in [-120.0, -60, -30, 30, 60, 120].enumerated() {
                guard
                    var decoy = Self.trace.min(by: {
                        abs($0.positionTime - stale.positionTime - offset)
                            < abs($1.positionTime - stale.positionTime - offset)
                    })
                else { continue }
                decoy.icao24 = "decoy\(k)"
                decoy.groundSpeed = 0
                decoy.positionTime = stale.positionTime
                aircraft.append(decoy)
            }
            let snapshot = AircraftSnapshot(time: stale.positionTime, aircraft: aircraft)
            let candidates = try Identifier(buildings: nil).identify(
                capture, tapX: 2016, y: 1512, aircraft: snapshot)
            #expect(candidates.first?.id == "ac671b", "trace[\(i)] → trace[\(j)]: \(candidates.map(\.id))")
            #expect(candidates.first?.kind == .aircraft)
            if gap > 5 {
                // Moving the position to the capture time is what makes the match: the stale position
                // sits σ-units farther from the aim than the extrapolated one.
                let unmoved = plane.enu(
                    from: GeodeticPosition(stale.coordinate, height: stale.geometricAltitude!))
                let seen = ViewingDirection(enu: SIMD3(unmoved.east, unmoved.north, unmoved.up))
                let dAz =
                    ViewingDirection.azimuthDifference(from: aim.azimuth, to: seen.azimuth)
                    * cos(seen.elevation * .pi / 180)
                let d2 = pow(dAz / 3, 2) + pow((seen.elevation - aim.elevation) / 2, 2)
                let matched = AircraftMatcher.matches(snapshot, capture: capture, tap: aim).first {
                    $0.state.icao24 == "ac671b"
                }
                let extrapolated = try #require(matched).distanceSquared
                #expect(d2 > 4, "stale d² \(d2)")
                #expect(
                    extrapolated < 1 && d2 > 5 * extrapolated, "extrapolated d² \(extrapolated), stale \(d2)")
            }
        }
    }

    @Test func cameraAimedAtTheFlightFindsItFirst() throws { try check(gap: 0) }

    @Test func snapshotTenSecondsOlderThanTheCaptureStillFindsIt() throws { try check(gap: 10) }
}

@Suite struct AircraftGeometryTests {
    @Test func extrapolationFollowsTrackAndSpeed() throws {
        // 128.6 m/s (250 kt) due east for 10 s at the equator: 1286 m = 0.011 556° of longitude on
        // the mean sphere (1286 / 6 371 008.8 rad).
        let state = AircraftState(
            icao24: "abc123", coordinate: try Coordinate(latitude: 0, longitude: 10),
            geometricAltitude: 3_000,
            groundSpeed: 128.6, track: 90, verticalRate: 5, positionTime: 100)
        let moved = state.extrapolated(to: 110)
        #expect(abs(moved.coordinate.longitude - (10 + 1286 / 6_371_008.8 * 180 / .pi)) < 1e-9)
        #expect(abs(moved.coordinate.latitude) < 1e-9)
        #expect(moved.geometricAltitude == 3_050)
    }

    @Test func aircraftBelowTheHorizonIsNotMatched() throws {
        // 300 km away at 1 km: below the horizon (the drop is 300 000²/2R ≈ 7 km), even aimed at it.
        let observer = try Coordinate(latitude: 40, longitude: -74)
        let far = try Spherical.destination(from: observer, bearing: 90, distance: 300_000)
        let state = AircraftState(
            icao24: "far001", coordinate: far, geometricAltitude: 1_000, positionTime: 0)
        var options = IdentifyOptions()
        options.maximumAircraftRange = 1_000_000
        let capture = try CaptureMetadata(
            time: Date(timeIntervalSince1970: 0), coordinate: observer, ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 90, pitch: -2.5), headingAccuracy: 5,
            intrinsics: WestVillage.intrinsics)
        let tap = try capture.direction(tapX: 2016, y: 1512)
        #expect(
            AircraftMatcher.matches(
                AircraftSnapshot(time: 0, aircraft: [state]), capture: capture, tap: tap, options: options
            ).isEmpty)
        // The same aircraft 30 km away is 1.6° up and matches a camera aimed there.
        let near = try Spherical.destination(from: observer, bearing: 90, distance: 30_000)
        let visible = AircraftState(
            icao24: "near01", coordinate: near, geometricAltitude: 1_000, positionTime: 0)
        var aimed = capture
        aimed.attitude = try CameraAttitude(
            heading: 90, pitch: atan((1_000 - 30_000 * 30_000 / (2 * 6_371_000.0)) / 30_000) * 180 / .pi)
        let matches = AircraftMatcher.matches(
            AircraftSnapshot(time: 0, aircraft: [visible]), capture: aimed,
            tap: try aimed.direction(tapX: 2016, y: 1512))
        #expect(matches.count == 1)
        #expect(matches[0].distanceSquared < 0.1)
    }
}

@Suite struct AircraftConeTests {
    /// The cheap cone test must never drop an aircraft the exact path keeps: random skies around
    /// observers from the equator to 70° N, random aims and accuracies, both paths compared.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func coneNeverDropsAMatch(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let observer = try Coordinate(
            latitude: Double.random(in: 0...70, using: &rng),
            longitude: Double.random(in: -180...180, using: &rng))
        var states: [AircraftState] = []
        for i in 0..<3_000 {
            let position = try Spherical.destination(
                from: observer, bearing: Double.random(in: 0..<360, using: &rng),
                distance: Double.random(in: 500...250_000, using: &rng))
            states.append(
                AircraftState(
                    icao24: "c\(i)", coordinate: position,
                    geometricAltitude: Double.random(in: 100...12_000, using: &rng),
                    groundSpeed: Double.random(in: 50...300, using: &rng),
                    track: Double.random(in: 0..<360, using: &rng),
                    verticalRate: Double.random(in: -15...15, using: &rng),
                    positionTime: 1_000 - Double.random(in: 0...30, using: &rng)))
        }
        let snapshot = AircraftSnapshot(time: 1_000, aircraft: states)
        var kept = 0
        for _ in 0..<40 {
            let target = states[Int.random(in: 0..<states.count, using: &rng)]
            let plane = LocalTangentPlane(origin: GeodeticPosition(observer, height: 0))
            let v = plane.enu(from: GeodeticPosition(target.coordinate, height: target.geometricAltitude!))
            let aim = ViewingDirection(enu: SIMD3(v.east, v.north, v.up))
            let capture = try CaptureMetadata(
                time: Date(timeIntervalSince1970: 1_000), coordinate: observer, ellipsoidalHeight: 0,
                attitude: CameraAttitude(heading: aim.azimuth, pitch: max(-89, min(89, aim.elevation))),
                headingAccuracy: Double.random(in: 0...20, using: &rng),
                pitchAccuracy: Double.random(in: 0.2...5, using: &rng),
                intrinsics: WestVillage.intrinsics)
            let fast = AircraftMatcher.matches(
                snapshot, capture: capture, tap: aim, options: IdentifyOptions(), prefilter: true)
            let exact = AircraftMatcher.matches(
                snapshot, capture: capture, tap: aim, options: IdentifyOptions(), prefilter: false)
            #expect(fast.map(\.state.icao24) == exact.map(\.state.icao24))
            kept += exact.count
        }
        #expect(kept > 40)
    }
}

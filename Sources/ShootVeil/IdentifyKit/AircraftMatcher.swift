import Foundation
import GeoKit

/// Aircraft matching: extrapolate every aircraft to the capture time, convert to the observer's
/// WGS84 east-north-up frame, keep those above the horizon, and score the angular distance from
/// the tap normalised by the sensor accuracy.
public enum AircraftMatcher {
    /// One aircraft as seen from the observer at the capture time.
    public struct Match: Sendable, Hashable {
        /// The extrapolated state.
        public var state: AircraftState
        /// Where it appears.
        public var direction: ViewingDirection
        /// Slant range in metres.
        public var range: Double
        /// `d² = ((Δaz·cos el)/σ_az)² + (Δel/σ_el)²`.
        public var distanceSquared: Double
        /// Seconds the position was moved forward (or back) to reach the capture time.
        public var extrapolatedSeconds: Double
    }

    /// Gate on d²: 11.8 is the 99.7 % quantile of χ² with two degrees of freedom (a 3σ ellipse).
    public static let gate = 11.8

    /// Aircraft inside the gate, best (smallest d²) first.
    ///
    /// Without a capture time the snapshot's own time is used. An aircraft is visible when its
    /// elevation is above the observer's apparent horizon (dip `acos(R/(R + h))`, with h the
    /// eye height above the ground), so the range limit follows from the geometry, not a fixed radius.
    ///
    /// Each aircraft is moved to the capture time along its track at its ground speed (a straight
    /// step in ECEF along its local east-north-up; over 10 s at 250 kt that is within 0.5 m of the
    /// great circle) before its direction is taken. A cheap cone test runs first: the gate bounds
    /// the angle between tap and aircraft by `θ = 2·asin(√(sin²(E/2) + (A/2)²))` with
    /// `A = √gate·σ_az`, `E = √gate·σ_el` (haversine of the separation), and an aircraft that can
    /// move `m` metres before the capture subtends at most `asin(m/|v|)` more.
    /// - Complexity: O(n) for n aircraft; the exact path runs only for those inside the cone.
    public static func matches(
        _ snapshot: AircraftSnapshot, capture: CaptureMetadata, tap: ViewingDirection,
        options: IdentifyOptions = IdentifyOptions()
    ) -> [Match] {
        matches(snapshot, capture: capture, tap: tap, options: options, prefilter: true)
    }

    /// ``matches(_:capture:tap:options:)`` with the cone test switchable (tests compare both).
    static func matches(
        _ snapshot: AircraftSnapshot, capture: CaptureMetadata, tap: ViewingDirection,
        options: IdentifyOptions,
        prefilter: Bool
    ) -> [Match] {
        let time = capture.time?.timeIntervalSince1970 ?? snapshot.time
        let plane = LocalTangentPlane(origin: capture.position)
        let sigmaAzimuth = max(capture.headingAccuracy, options.minimumHeadingSigma)
        let sigmaElevation = max(capture.pitchAccuracy, options.minimumPitchSigma)
        let dip =
            acos(EarthRadius.mean / (EarthRadius.mean + capture.eyeHeightAboveGround))
            / Angle.radiansPerDegree
        let cosTap = cos(tap.elevation * Angle.radiansPerDegree)
        let cone = Cone(
            tap: tap, sigmaAzimuth: sigmaAzimuth, sigmaElevation: sigmaElevation, observer: capture.position)
        let ellipsoid = plane.ellipsoid
        var result: [Match] = []
        for state in snapshot.aircraft {
            guard !state.onGround, let altitude = state.bestAltitude else { continue }
            let dt = time - state.positionTime
            let speed = state.groundSpeed ?? 0
            let climb = state.verticalRate ?? 0
            guard
                !prefilter
                    || cone.mayContain(
                        state.coordinate, altitude: altitude, reach: abs(dt) * (speed + abs(climb)))
            else { continue }
            // Exact path: ECEF of the reported position, plus the velocity in its own ENU frame.
            let phi = state.coordinate.latitude * Angle.radiansPerDegree
            let lambda = state.coordinate.longitude * Angle.radiansPerDegree
            let sinPhi = sin(phi)
            let cosPhi = cos(phi)
            let sinLambda = sin(lambda)
            let cosLambda = cos(lambda)
            let n =
                ellipsoid.equatorialRadius
                / (1 - ellipsoid.eccentricitySquared * sinPhi * sinPhi).squareRoot()
            var x = (n + altitude) * cosPhi * cosLambda
            var y = (n + altitude) * cosPhi * sinLambda
            var z = (n * (1 - ellipsoid.eccentricitySquared) + altitude) * sinPhi
            var moved = state
            if dt != 0, let track = state.track, state.groundSpeed != nil {
                let t = track * Angle.radiansPerDegree
                let east = speed * sin(t) * dt
                let north = speed * cos(t) * dt
                let up = climb * dt
                x += -sinLambda * east - sinPhi * cosLambda * north + cosPhi * cosLambda * up
                y += cosLambda * east - sinPhi * sinLambda * north + cosPhi * sinLambda * up
                z += cosPhi * north + sinPhi * up
                moved = state.extrapolatedFields(to: time, up: up)
            }
            let v = plane.enu(from: ECEF(x: x, y: y, z: z))
            let range = (v.east * v.east + v.north * v.north + v.up * v.up).squareRoot()
            guard range <= options.maximumAircraftRange else { continue }
            let direction = ViewingDirection(enu: SIMD3(v.east, v.north, v.up))
            guard direction.elevation >= -dip else { continue }
            let dAz = ViewingDirection.azimuthDifference(from: tap.azimuth, to: direction.azimuth)
            let cosMean = (cosTap + cos(direction.elevation * Angle.radiansPerDegree)) / 2
            let a = dAz * cosMean / sigmaAzimuth
            let e = (direction.elevation - tap.elevation) / sigmaElevation
            let d2 = a * a + e * e
            guard d2 <= gate else { continue }
            if moved.positionTime != time,
                let coordinate = try? ellipsoid.geodetic(from: ECEF(x: x, y: y, z: z))
            {
                moved.coordinate = coordinate.coordinate
            }
            result.append(
                Match(
                    state: moved, direction: direction, range: range, distanceSquared: d2,
                    extrapolatedSeconds: dt))
        }
        result.sort {
            $0.distanceSquared != $1.distanceSquared
                ? $0.distanceSquared < $1.distanceSquared : $0.state.icao24 < $1.state.icao24
        }
        return result
    }

    /// The cone around the tap that holds every direction the gate can accept, tested with a flat
    /// projection and generous margins (so it never rejects what the exact path would keep).
    struct Cone {
        let tapVector: SIMD3<Double>
        let cosLimit: Double
        let sinLimit: Double
        let latitude: Double
        let longitude: Double
        let height: Double
        let sinLatitude: Double
        let metresPerRadian = EarthRadius.mean
        let open: Bool

        init(tap: ViewingDirection, sigmaAzimuth: Double, sigmaElevation: Double, observer: GeodeticPosition)
        {
            let root = AircraftMatcher.gate.squareRoot() * Angle.radiansPerDegree
            let a = root * sigmaAzimuth / 2
            let e = sin(root * sigmaElevation / 2)
            let haversine = (e * e + a * a).squareRoot()
            // 2° more for the flat projection's errors (see mayContain).
            let limit = haversine >= 1 ? Double.pi : 2 * asin(haversine) + 2 * Angle.radiansPerDegree
            open = limit >= Double.pi / 2
            cosLimit = cos(limit)
            sinLimit = sin(limit)
            tapVector = tap.unitVector
            latitude = observer.coordinate.latitude * Angle.radiansPerDegree
            longitude = observer.coordinate.longitude
            height = observer.height
            sinLatitude = abs(sin(latitude))
        }

        /// `false` only when the aircraft cannot be inside the gate after moving up to `reach` metres.
        func mayContain(_ c: Coordinate, altitude: Double, reach: Double) -> Bool {
            guard !open else { return true }
            var dLon = c.longitude - longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            let dLonRadians = dLon * Angle.radiansPerDegree
            let phi = c.latitude * Angle.radiansPerDegree
            let north = (phi - latitude) * metresPerRadian
            let east = dLonRadians * metresPerRadian * cos((phi + latitude) / 2)
            let horizontal2 = east * east + north * north
            let up = altitude - height - horizontal2 / (2 * metresPerRadian)
            let length = (horizontal2 + up * up).squareRoot()
            // Meridian convergence turns the flat frame by about Δλ·sin φ, and the sphere and the
            // projection misplace points by well under 1 % of the distance: widen by both.
            let slack = reach + length * (abs(dLonRadians) * sinLatitude + 0.01) + 50
            guard length > slack else { return true }
            let along = (east * tapVector.x + north * tapVector.y + up * tapVector.z) / length
            let r = slack / length
            // angle(tap, v) > limit + asin(r)  ⇔  cos(angle) < cos(limit)·√(1 − r²) − sin(limit)·r
            return along >= cosLimit * (1 - r * r).squareRoot() - sinLimit * r
        }
    }

    /// Candidates for the matches: each gets `skyShare × L/(ΣL + L_gate)` with `L = exp(−d²/2)`,
    /// so an aircraft right on the tap takes most of the sky's share and one at the gate little.
    public static func candidates(_ matches: [Match], skyShare: Double, limit: Int)
        -> [IdentificationCandidate]
    {
        let likelihoods = matches.map { exp(-$0.distanceSquared / 2) }
        let total = likelihoods.reduce(0, +) + exp(-gate / 2)
        return zip(matches, likelihoods).prefix(limit).map { match, likelihood in
            let s = match.state
            var details: [String: String] = ["icao24": s.icao24]
            if let callsign = s.callsign { details["callsign"] = callsign }
            if let type = s.type { details["type"] = type }
            if let registration = s.registration { details["registration"] = registration }
            if let altitude = s.bestAltitude { details["altitude_m"] = String(format: "%.0f", altitude) }
            if let speed = s.groundSpeed { details["ground_speed_mps"] = String(format: "%.0f", speed) }
            let reason = String(
                format:
                    "%.1fσ from the tap (d² %.2f) after moving its position %.1f s along its track; %.1f km away",
                match.distanceSquared.squareRoot(), match.distanceSquared, match.extrapolatedSeconds,
                match.range / 1_000)
            return IdentificationCandidate(
                kind: .aircraft, id: s.icao24, name: s.callsign ?? s.registration,
                confidence: skyShare * likelihood / total,
                distance: match.range, azimuth: match.direction.azimuth, elevation: match.direction.elevation,
                reason: reason,
                details: details)
        }
    }
}

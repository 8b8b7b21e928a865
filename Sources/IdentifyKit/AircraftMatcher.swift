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
    /// - Complexity: O(n) for n aircraft (one ECEF conversion each).
    public static func matches(
        _ snapshot: AircraftSnapshot, capture: CaptureMetadata, tap: ViewingDirection,
        options: IdentifyOptions = IdentifyOptions()
    ) -> [Match] {
        let time = capture.time?.timeIntervalSince1970 ?? snapshot.time
        let plane = LocalTangentPlane(origin: capture.position)
        let sigmaAzimuth = max(capture.headingAccuracy, options.minimumHeadingSigma)
        let sigmaElevation = max(capture.pitchAccuracy, options.minimumPitchSigma)
        let dip = acos(EarthRadius.mean / (EarthRadius.mean + capture.eyeHeightAboveGround)) / Angle.radiansPerDegree
        let cosTap = cos(tap.elevation * Angle.radiansPerDegree)
        var result: [Match] = []
        for state in snapshot.aircraft {
            guard !state.onGround, state.bestAltitude != nil else { continue }
            let moved = state.extrapolated(to: time)
            guard let altitude = moved.bestAltitude else { continue }
            let v = plane.enu(from: GeodeticPosition(moved.coordinate, height: altitude))
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
            result.append(
                Match(state: moved, direction: direction, range: range, distanceSquared: d2, extrapolatedSeconds: time - state.positionTime))
        }
        result.sort { $0.distanceSquared != $1.distanceSquared ? $0.distanceSquared < $1.distanceSquared : $0.state.icao24 < $1.state.icao24 }
        return result
    }

    /// Candidates for the matches: each gets `skyShare × L/(ΣL + L_gate)` with `L = exp(−d²/2)`,
    /// so an aircraft right on the tap takes most of the sky's share and one at the gate little.
    public static func candidates(_ matches: [Match], skyShare: Double, limit: Int) -> [IdentificationCandidate] {
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
                format: "%.1fσ from the tap (d² %.2f) after moving its position %.1f s along its track; %.1f km away",
                match.distanceSquared.squareRoot(), match.distanceSquared, match.extrapolatedSeconds, match.range / 1_000)
            return IdentificationCandidate(
                kind: .aircraft, id: s.icao24, name: s.callsign ?? s.registration, confidence: skyShare * likelihood / total,
                distance: match.range, azimuth: match.direction.azimuth, elevation: match.direction.elevation, reason: reason,
                details: details)
        }
    }
}

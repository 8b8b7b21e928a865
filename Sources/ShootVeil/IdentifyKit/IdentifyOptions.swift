import Foundation
import SeededRandom

/// Tuning of an identification; the defaults follow `docs/shootveil.md`.
public struct IdentifyOptions: Sendable, Hashable {
    /// Farthest building considered, metres.
    public var maximumRange = 2_000.0
    /// Monte-Carlo rays per identification (the tap ray plus `rays − 1` samples).
    public var rays = 500
    /// Half-width of the candidate wedge in azimuth sigmas (capped at 90°).
    public var wedgeSigmas = 3.0
    /// Floor of the azimuth sigma in degrees: a reported accuracy better than this is not trusted.
    public var minimumHeadingSigma = 3.0
    /// Floor of the elevation sigma in degrees.
    public var minimumPitchSigma = 0.5
    /// Atmospheric refraction coefficient k (0.13 is the standard atmosphere).
    public var refraction = 0.13
    /// Candidates returned at most.
    public var maximumCandidates = 5
    /// Seed of the Monte-Carlo sampler, so the same capture always gives the same answer.
    public var seed: UInt64 = 0x5EED_CAFE
    /// Landmarks farther than this from a footprint are not attached to it, metres.
    public var landmarkMatchDistance = 15.0
    /// Farthest aircraft considered, metres (visibility is decided by elevation; this only bounds work).
    public var maximumAircraftRange = 250_000.0
    /// How far around the capture a live feed is asked for aircraft, metres: farther aircraft are
    /// specks (and OpenSky charges a box of about 4 square degrees as its smallest).
    public var aircraftFeedRadius = 100_000.0
    /// The most a live feed's snapshot may be from the capture time, seconds: a feed says where
    /// aircraft are now, so a photo taken earlier than this gets no aircraft from it.
    public var maximumFeedSkew = 120.0

    /// The defaults.
    public init() {}
}

/// Box–Muller normals on SplitMix64: a tiny seeded generator so Monte-Carlo runs repeat exactly.
struct SeededNormals {
    private var uniform: SplitMix64
    private var spare: Double?

    init(seed: UInt64) { uniform = SplitMix64(seed: seed) }

    mutating func nextUniform() -> Double { uniform.nextPositiveUnitInterval() }

    /// A standard normal deviate.
    mutating func next() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        let r = (-2 * log(nextUniform())).squareRoot()
        let theta = 2 * Double.pi * nextUniform()
        spare = r * sin(theta)
        return r * cos(theta)
    }
}

// Geodesics on an ellipsoid of revolution: a Swift port of GeographicLib's Geodesic class
// (geodesic.py and geodesicline.py in the Python package geographiclib 2.1).
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — algorithms from C. F. F. Karney, "Algorithms for
// geodesics", J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z

import Foundation

/// Solves the inverse and direct geodesic problems on an ellipsoid of revolution.
///
/// A port of Karney (2013) as implemented in GeographicLib 2.1, with series of order 6.
/// For WGS84 the distance error is about 15 nanometres and the solution converges for all
/// pairs of points, including nearly antipodal ones. Only distance, azimuths and position
/// are computed (no reduced length or area). Both solvers are allocation-free.
public struct Geodesic: Sendable {
    /// The ellipsoid this solver works on.
    public let ellipsoid: Ellipsoid

    /// Equatorial radius a, metres.
    let a: Double
    /// Flattening f.
    let f: Double
    /// 1 − f.
    let f1: Double
    /// Second eccentricity squared e′² = e² / (1 − e²).
    let ep2: Double
    /// Third flattening n = f / (2 − f).
    let n: Double
    /// Polar semi-axis b = a (1 − f), metres.
    let b: Double
    /// σ₁₂ threshold below which the inverse uses the short-line approximation directly.
    let etol2: Double
    /// A₃ and C₃ coefficients for this ellipsoid.
    let longitudeSeries: GeodesicLongitudeSeries

    /// Creates a solver for `ellipsoid`.
    ///
    /// The ellipsoid should have a finite positive equatorial radius and polar semi-axis,
    /// and |f| ≲ 0.01 for full accuracy (the series are of order 6 in n). Use
    /// ``init(validating:)`` when the ellipsoid comes from untrusted input; with an invalid
    /// ellipsoid this initialiser produces a solver that returns NaN.
    public init(ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        f1 = 1 - f
        let e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * GeodesicMath.tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
        longitudeSeries = GeodesicLongitudeSeries(n: n)
    }

    /// Creates a solver after checking that the ellipsoid's equatorial radius a and polar
    /// semi-axis b = a (1 − f) are finite and positive.
    ///
    /// - Throws: ``GeodesicError/invalidEllipsoid(equatorialRadius:flattening:)``.
    public init(validating ellipsoid: Ellipsoid) throws(GeodesicError) {
        let a = ellipsoid.equatorialRadius
        let b = ellipsoid.polarRadius
        guard a.isFinite, a > 0, b.isFinite, b > 0 else {
            throw .invalidEllipsoid(equatorialRadius: a, flattening: ellipsoid.flattening)
        }
        self.init(ellipsoid: ellipsoid)
    }

    /// The WGS84 geodesic solver (a = 6 378 137 m, f = 1/298.257223563).
    public static let wgs84 = Geodesic(ellipsoid: .wgs84)
}

/// The solution of the inverse geodesic problem between two points.
public struct GeodesicInverseResult: Sendable, Hashable {
    /// Length of the shortest geodesic in metres, ≥ 0.
    public let distance: Double
    /// Forward azimuth at the first point in degrees clockwise from north, −180…180
    /// (GeographicLib `azi1`).
    public let initialAzimuth: Double
    /// Forward azimuth at the second point (the direction of travel on arrival) in degrees
    /// clockwise from north, −180…180 (GeographicLib `azi2`).
    public let finalAzimuth: Double

    /// Creates a result from its parts (metres, degrees).
    public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        self.distance = distance
        self.initialAzimuth = initialAzimuth
        self.finalAzimuth = finalAzimuth
    }
}

/// The solution of the direct geodesic problem.
public struct GeodesicDirectResult: Sendable, Hashable {
    /// The end point; its longitude is wrapped into −180…180.
    public let destination: Coordinate
    /// Forward azimuth at the destination in degrees clockwise from north, −180…180
    /// (GeographicLib `azi2`).
    public let finalAzimuth: Double

    /// Creates a result from its parts (degrees).
    public init(destination: Coordinate, finalAzimuth: Double) {
        self.destination = destination
        self.finalAzimuth = finalAzimuth
    }
}

/// Why a geodesic computation was refused.
public enum GeodesicError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The azimuth given to ``Geodesic/direct(from:azimuth:distance:)`` was NaN or infinite.
    case nonFiniteAzimuth(Double)
    /// The distance given to ``Geodesic/direct(from:azimuth:distance:)`` was NaN or infinite.
    case nonFiniteDistance(Double)
    /// The ellipsoid's equatorial radius or polar semi-axis is not finite and positive.
    case invalidEllipsoid(equatorialRadius: Double, flattening: Double)

    /// A sentence naming the offending value.
    public var description: String {
        switch self {
        case .nonFiniteAzimuth(let value):
            "geodesic azimuth must be a finite number of degrees, got \(value)"
        case .nonFiniteDistance(let value):
            "geodesic distance must be a finite number of metres, got \(value)"
        case .invalidEllipsoid(let a, let f):
            "ellipsoid needs a finite positive equatorial radius and polar semi-axis, "
                + "got a = \(a) m, f = \(f)"
        }
    }
}

// The direct geodesic problem: a Swift port of GeographicLib's GeodesicLine constructor
// and GeodesicLine._GenPosition (geodesicline.py in geographiclib 2.1), restricted to
// position and azimuth for a given distance.
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z

import Foundation

extension Geodesic {
    /// Direct problem: the point reached by travelling `distance` metres along the geodesic
    /// that leaves `from` with `azimuth` degrees (clockwise from north).
    ///
    /// Any finite azimuth is accepted (it is reduced modulo 360°). A negative distance walks
    /// the geodesic backwards, as in GeographicLib; distances longer than half the
    /// circumference wrap around the ellipsoid. The destination longitude is wrapped into
    /// −180…180 and its latitude lies in −90…90. Accurate to about 15 nm on WGS84; does not
    /// allocate.
    ///
    /// - Throws: ``GeodesicError/nonFiniteAzimuth(_:)`` or
    ///   ``GeodesicError/nonFiniteDistance(_:)`` for NaN or infinite arguments.
    public func direct(from: Coordinate, azimuth: Double, distance: Double)
        throws(GeodesicError) -> GeodesicDirectResult
    {
        guard azimuth.isFinite else { throw .nonFiniteAzimuth(azimuth) }
        guard distance.isFinite else { throw .nonFiniteDistance(distance) }
        let solution = solveDirect(from.latitude, from.longitude, azimuth, distance)
        // Both values are finite and in range by construction (atan2d of a non-negative x,
        // and a double normalisation); the clamp only documents and enforces that.
        let latitude = min(90, max(-90, solution.lat2))
        let longitude = min(180, max(-180, solution.lon2))
        return GeodesicDirectResult(
            destination: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            finalAzimuth: solution.azi2)
    }

    /// GeographicLib `GeodesicLine(lat1, lon1, azi1)._GenPosition(False, s12)` for a valid
    /// start, finite azimuth and finite distance.
    func solveDirect(_ lat1: Double, _ lon1: Double, _ azi1: Double, _ s12: Double)
        -> (lat2: Double, lon2: Double, azi2: Double)
    {
        typealias M = GeodesicMath
        // Line set-up (GeodesicLine.__init__).
        let (salp1, calp1) = M.sincosd(M.angRound(azi1))
        var (sbet1, cbet1) = M.sincosd(M.angRound(lat1))
        sbet1 *= f1
        (sbet1, cbet1) = M.norm(sbet1, cbet1)
        cbet1 = max(M.tiny, cbet1)

        let salp0 = salp1 * cbet1  // α₀ in 0…π/2 − |β₁|
        let calp0 = M.hypot(calp1, salp1 * sbet1)
        let somg1 = salp0 * sbet1
        let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let (ssig1, csig1) = M.norm(sbet1, comg1)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)

        let a1m1 = GeodesicSeries.a1m1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let b11 = c1.sinSeries(ssig1, csig1)
        let sinB11 = sin(b11)
        let cosB11 = cos(b11)
        let stau1 = ssig1 * cosB11 + csig1 * sinB11
        let ctau1 = csig1 * cosB11 - ssig1 * sinB11
        let c1p = GeodesicSeries.c1p(eps)
        let c3 = longitudeSeries.c3(eps)
        let a3c = -f * salp0 * longitudeSeries.a3(eps)
        let b31 = c3.sinSeries(ssig1, csig1)

        // Position (GeodesicLine._GenPosition with arcmode false).
        let tau12 = s12 / (b * (1 + a1m1))
        let stau12 = sin(tau12)
        let ctau12 = cos(tau12)
        let b12 = -c1p.sinSeries(stau1 * ctau12 + ctau1 * stau12, ctau1 * ctau12 - stau1 * stau12)
        var sig12 = tau12 - (b12 - b11)
        var ssig12 = sin(sig12)
        var csig12 = cos(sig12)
        if abs(f) > 0.01 {
            // Reverted series too inaccurate: one Newton step on s12(σ12) (Karney 2013, eq. 20).
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            let csig2 = csig1 * csig12 - ssig1 * ssig12
            let b12 = c1.sinSeries(ssig2, csig2)
            let serr = (1 + a1m1) * (sig12 + (b12 - b11)) - s12 / b
            sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
            ssig12 = sin(sig12)
            csig12 = cos(sig12)
        }

        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = M.hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // The geodesic reached a pole.
            cbet2 = M.tiny
            csig2 = M.tiny
        }
        let salp2 = salp0
        let calp2 = calp0 * csig2  // no need to normalise

        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (c3.sinSeries(ssig2, csig2) - b31))
        let lon12 = lam12 * M.degreesPerRadian
        let lon2 = M.angNormalize(M.angNormalize(lon1) + M.angNormalize(lon12))
        let lat2 = M.atan2d(sbet2, f1 * cbet2)
        let azi2 = M.atan2d(salp2, calp2)
        return (lat2, lon2, azi2)
    }
}

// The inverse geodesic problem: a Swift port of GeographicLib's Geodesic._GenInverse,
// _InverseStart, _Lambda12, _Lengths and _Astroid (geodesic.py in geographiclib 2.1),
// restricted to distance and azimuths.
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z

import Foundation

extension Geodesic {
    /// Inverse problem: the shortest geodesic between two points.
    ///
    /// Distance in metres (accurate to about 15 nm on WGS84), azimuths in degrees −180…180
    /// as GeographicLib's `azi1`/`azi2`. Where the azimuths are not unique (coincident
    /// points, exactly antipodal points, a pole as an end point) the values returned are
    /// GeographicLib's conventional choice. Converges for every pair; does not allocate.
    public func inverse(_ from: Coordinate, _ to: Coordinate) -> GeodesicInverseResult {
        let solution = solveInverse(from.latitude, from.longitude, to.latitude, to.longitude)
        return GeodesicInverseResult(
            distance: solution.s12,
            initialAzimuth: GeodesicMath.atan2d(solution.salp1, solution.calp1),
            finalAzimuth: GeodesicMath.atan2d(solution.salp2, solution.calp2))
    }

    /// Distance in metres only; the same computation as ``inverse(_:_:)`` without the
    /// final azimuth conversions.
    public func distance(_ from: Coordinate, _ to: Coordinate) -> Double {
        solveInverse(from.latitude, from.longitude, to.latitude, to.longitude).s12
    }

    /// GeographicLib `_GenInverse` for valid latitudes and finite longitudes, returning the
    /// distance and the (unnormalised) sines and cosines of the azimuths.
    func solveInverse(_ lat1In: Double, _ lon1: Double, _ lat2In: Double, _ lon2: Double)
        -> (s12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double)
    {
        typealias M = GeodesicMath
        // Longitude difference, reduced to 0…180 with its rounding error.
        var (lon12, lon12s) = M.angDiff(lon1, lon2)
        var lonsign = Double(signOf: lon12, magnitudeOf: 1)
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * Angle.radiansPerDegree
        let (slam12, clam12) = M.sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s  // supplementary longitude difference

        // Swap points so that |lat1| ≥ |lat2|, then make lat1 ≤ 0.
        var lat1 = M.angRound(lat1In)
        var lat2 = M.angRound(lat2In)
        let swapp: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapp < 0 {
            lonsign = -lonsign
            swap(&lat1, &lat2)
        }
        let latsign = Double(signOf: -lat1, magnitudeOf: 1)
        lat1 *= latsign
        lat2 *= latsign

        // Reduced latitudes β.
        var (sbet1, cbet1) = M.sincosd(lat1)
        sbet1 *= f1
        (sbet1, cbet1) = M.norm(sbet1, cbet1)
        cbet1 = max(M.tiny, cbet1)
        var (sbet2, cbet2) = M.sincosd(lat2)
        sbet2 *= f1
        (sbet2, cbet2) = M.norm(sbet2, cbet2)
        cbet2 = max(M.tiny, cbet2)
        // Make the symmetric cases |β₂| = |β₁| exact.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var s12x = Double.nan
        var salp1 = Double.nan
        var calp1 = Double.nan
        var salp2 = Double.nan
        var calp2 = Double.nan
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Along a meridian (or from a pole): head to the target longitude, arriving north.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            var sig12 = atan2(
                max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
            var (s12b, m12b) = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2)
            // A meridian is the shortest path only while it has no conjugate point (m12 ≥ 0).
            if sig12 < M.tol2 || m12b >= 0 {
                if sig12 < 3 * M.tiny || (sig12 < M.tol0 && (s12b < 0 || m12b < 0)) {
                    sig12 = 0
                    m12b = 0
                    s12b = 0
                }
                s12x = s12b * b
            } else {
                meridian = false  // e.g. prolate ellipsoids
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator (both points on it, unless the path goes over a pole).
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1
            calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short line: the starting guess is already the solution.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = start.sig12 * b * start.dnm
            } else {
                // Newton's method on α₁, guarded by bisection.
                var numit = 0
                var tripn = false
                var tripb = false
                var salp1a = M.tiny
                var calp1a = 1.0
                var salp1b = M.tiny
                var calp1b = -1.0
                var step: Lambda12Step
                while true {
                    step = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2,
                        dn2: dn2, salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                        diffp: numit < Self.maxit1)
                    let v = step.lam12
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * M.tol0) || numit == Self.maxit2 {
                        break
                    }
                    // Update the bracket [α₁a, α₁b] of the root.
                    if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit < Self.maxit1 && step.dlam12 > 0 {
                        let dalp1 = -v / step.dlam12
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1)
                            let cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                (salp1, calp1) = M.norm(salp1, calp1)
                                tripn = abs(v) <= 16 * M.tol0
                                continue
                            }
                        }
                    }
                    // Newton failed or left the bracket: bisect.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    (salp1, calp1) = M.norm(salp1, calp1)
                    tripn = false
                    tripb =
                        abs(salp1a - salp1) + (calp1a - calp1) < M.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < M.tolb
                }
                salp2 = step.salp2
                calp2 = step.calp2
                s12x =
                    b
                    * distanceB(
                        eps: step.eps, sig12: step.sig12, ssig1: step.ssig1, csig1: step.csig1,
                        ssig2: step.ssig2, csig2: step.csig2)
            }
        }

        // Undo the swaps and sign changes.
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return (0.0 + s12x, salp1, calp1, salp2, calp2)
    }

    /// Iteration limit for Newton's method.
    static let maxit1 = 20
    /// Iteration limit including bisection.
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
}

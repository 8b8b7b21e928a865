// Building blocks of the inverse geodesic problem: a Swift port of GeographicLib's
// Geodesic._Lengths, _InverseStart, _Lambda12 and _Astroid (geodesic.py, geographiclib 2.1).
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z

import Foundation

/// Starting point for Newton's method (GeographicLib `_InverseStart`). When `sig12 ≥ 0`
/// the line is short enough that (α₁, α₂, σ₁₂) is already the solution.
struct InverseStartGuess {
    var sig12: Double
    var salp1: Double, calp1: Double
    var salp2: Double, calp2: Double
    var dnm: Double
}

/// One evaluation of λ₁₂(α₁) and its derivative (GeographicLib `_Lambda12`).
struct Lambda12Step {
    /// λ₁₂(α₁) − λ₁₂ target (the residual).
    var lam12: Double
    var salp2: Double, calp2: Double
    var sig12: Double
    var ssig1: Double, csig1: Double
    var ssig2: Double, csig2: Double
    var eps: Double
    /// dλ₁₂/dα₁ (NaN when not requested).
    var dlam12: Double
}

extension Geodesic {
    /// s₁₂/b (Karney 2013, eqs. 7, 15): distance on the unit-b ellipsoid.
    @inline(__always)
    func distanceB(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
    ) -> Double {
        let c1 = GeodesicSeries.c1(eps)
        let b1 = c1.sinSeries(ssig2, csig2) - c1.sinSeries(ssig1, csig1)
        return (1 + GeodesicSeries.a1m1(eps)) * (sig12 + b1)
    }

    /// s₁₂/b and m₁₂/b together (GeographicLib `_Lengths` with DISTANCE | REDUCEDLENGTH).
    func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double
    ) -> (s12b: Double, m12b: Double) {
        let a1m1 = GeodesicSeries.a1m1(eps)
        let a2m1 = GeodesicSeries.a2m1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        let m0x = a1m1 - a2m1
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let b1 = c1.sinSeries(ssig2, csig2) - c1.sinSeries(ssig1, csig1)
        let s12b = a1 * (sig12 + b1)
        let b2 = c2.sinSeries(ssig2, csig2) - c2.sinSeries(ssig1, csig1)
        let j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// m₁₂/b and m₀ (GeographicLib `_Lengths` with REDUCEDLENGTH only; eq. 38).
    @inline(__always)
    func reducedLength(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double
    ) -> (m12b: Double, m0: Double) {
        let a1m1 = GeodesicSeries.a1m1(eps)
        let a2m1 = GeodesicSeries.a2m1(eps)
        let m0x = a1m1 - a2m1
        let c = GeodesicSeries.c1(eps).combined(1 + a1m1, 1 + a2m1, GeodesicSeries.c2(eps))
        let j12 = m0x * sig12 + (c.sinSeries(ssig2, csig2) - c.sinSeries(ssig1, csig1))
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (m12b, m0x)
    }

    /// Positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney 2013, eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let disc = s * (s + 2 * r3)  // zero on the evolute p^(1/3) + q^(1/3) = 1
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// Starting guess for α₁ (GeographicLib `_InverseStart`; Karney 2013, sects. 4–5).
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> InverseStartGuess {
        typealias M = GeodesicMath
        var guess = InverseStartGuess(
            sig12: -1, salp1: .nan, calp1: .nan, salp2: .nan, calp2: .nan, dnm: .nan)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(β₂ − β₁)
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1  // sin(β₂ + β₁)
        sbet12a += cbet2 * sbet1

        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            guess.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * guess.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * (somg12 * somg12) / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
        let ssig12 = M.hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short line: the spherical solution at the mean latitude is enough.
            let salp2 = cbet1 * somg12
            let calp2 =
                sbet12
                - cbet1 * sbet2 * (comg12 >= 0 ? (somg12 * somg12) / (1 + comg12) : 1 - comg12)
            (guess.salp2, guess.calp2) = M.norm(salp2, calp2)
            guess.sig12 = atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * (cbet1 * cbet1) {
            // The zeroth-order spherical approximation is good enough.
        } else {
            // Nearly antipodal: scale to the astroid problem (Karney 2013, sect. 5).
            let lam12x = atan2(-slam12, -clam12)
            let x: Double
            let y: Double
            let lamscale: Double
            if f >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = f * cbet1 * longitudeSeries.a3(eps) * .pi
                let betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let (m12b, m0) = reducedLength(
                    eps: n, sig12: .pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: dn1,
                    ssig2: sbet2, csig2: cbet2, dn2: dn2)
                x = -1 + m12b / (cbet1 * cbet2 * m0 * .pi)
                let betscale = x < -0.01 ? sbet12a / x : -f * (cbet1 * cbet1) * .pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }
            if y > -M.tol1 && x > -1 - M.xthresh {
                // Strip near the cut.
                if f >= 0 {
                    salp1 = min(1.0, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -M.tol1 ? 0.0 : -1.0, x)
                    salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                // Estimate ω₁₂ from the astroid, then α₁ from the spherical formula.
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
            }
        }
        // Sanity check on the guess; the backwards test lets NaN through.
        if !(salp1 <= 0) {
            (guess.salp1, guess.calp1) = M.norm(salp1, calp1)
        } else {
            guess.salp1 = 1
            guess.calp1 = 0
        }
        return guess
    }

    /// λ₁₂ residual for a trial α₁ and its derivative (GeographicLib `_Lambda12`).
    @inline(__always)
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, diffp: Bool
    ) -> Lambda12Step {
        typealias M = GeodesicMath
        // Break the degeneracy of the equatorial line (handled elsewhere).
        let calp1 = sbet1 == 0 && calp1In == 0 ? -M.tiny : calp1In
        let salp0 = salp1 * cbet1
        let calp0 = M.hypot(calp1, salp1 * sbet1)  // > 0

        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = M.norm(sbet1, comg1)

        // Enforce symmetries when |β₂| = −β₁.
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? ((calp1 * cbet1) * (calp1 * cbet1)
                + (cbet1 < -sbet1
                    ? (cbet2 - cbet1) * (cbet1 + cbet2)
                    : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = M.norm(sbet2, comg2)

        // σ₁₂ and ω₁₂, limited to 0…π.
        let sig12 = atan2(
            max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0.0, comg1 * somg2 - somg1 * comg2) + 0.0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(
            somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = longitudeSeries.c3(eps)
        let b312 = c3.sinSeries(ssig2, csig2) - c3.sinSeries(ssig1, csig1)
        let domg12 = -f * longitudeSeries.a3(eps) * salp0 * (sig12 + b312)
        let lam12 = eta + domg12

        var dlam12 = Double.nan
        if diffp {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                dlam12 =
                    reducedLength(
                        eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                        ssig2: ssig2, csig2: csig2, dn2: dn2
                    ).m12b * (f1 / (calp2 * cbet2))
            }
        }
        return Lambda12Step(
            lam12: lam12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1,
            csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps, dlam12: dlam12)
    }
}

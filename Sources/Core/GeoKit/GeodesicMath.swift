// Angle and arithmetic helpers for the geodesic solver, ported from GeographicLib's
// Math class (geomath.py in the Python package geographiclib 2.1).
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — this Swift port keeps the algorithms and the
// order of floating-point operations; any errors introduced are ours.

import Foundation

/// Internal numeric helpers for ``Geodesic``. Degrees unless a name says radians.
enum GeodesicMath {
    /// √(smallest normal double) = 2⁻⁵¹¹: the tiny value GeographicLib uses to break
    /// degeneracies.
    static var tiny: Double { 0x1p-511 }
    /// Machine epsilon ε = 2⁻⁵².
    static var tol0: Double { 0x1p-52 }
    /// 200 ε: tolerance for the "strip near cut" test in the inverse starting guess.
    static var tol1: Double { 200 * 0x1p-52 }
    /// √ε = 2⁻²⁶.
    static var tol2: Double { 0x1p-26 }
    /// Tolerance of the bisection fallback (ε).
    static var tolb: Double { 0x1p-52 }
    /// 1000 √ε: threshold on the scaled longitude in the astroid region.
    static var xthresh: Double { 1000 * 0x1p-26 }
    /// 180 / π.
    static var degreesPerRadian: Double { 180 / Double.pi }

    /// √(x² + y²). Uses the plain formula when x² + y² is a finite normal number (always
    /// the case for the bounded sines and cosines here) and falls back to `hypot` otherwise;
    /// glibc's `hypot` is several times slower and was the solver's largest single cost.
    @inline(__always)
    static func hypot(_ x: Double, _ y: Double) -> Double {
        let r2 = x * x + y * y
        return r2 >= Double.leastNormalMagnitude && r2.isFinite ? r2.squareRoot() : Foundation.hypot(x, y)
    }

    /// Normalises (x, y) to unit length using `hypot`.
    @inline(__always)
    static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// Error-free sum: returns (s, t) with s = round(u + v) and t the exact remainder.
    @inline(__always)
    static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0.0 - (up + vpp)
        return (s, t)
    }

    /// Rounds an angle so that values below 1/2⁵⁷ of 1/16 underflow to exact zero;
    /// keeps tiny non-zero angles out of the near-singular regime.
    @inline(__always)
    static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16.0
        var y = abs(x)
        // z - (z - y) is deliberately not simplified to y.
        if y < z { y = z - (z - y) }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// Reduces any finite angle to −180…180 (keeping the sign of x for ±180).
    @inline(__always)
    static func angNormalize(_ x: Double) -> Double {
        let y = x.remainder(dividingBy: 360)
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// y − x reduced to −180…180 accurately, with the rounding error in `t`.
    @inline(__always)
    static func angDiff(_ x: Double, _ y: Double) -> (d: Double, t: Double) {
        var (d, t) = sum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        (d, t) = sum(d.remainder(dividingBy: 360), t)
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    /// Undoes the quadrant reduction of ``sincosd(_:)``: rotates (s, c) by q × 90°.
    @inline(__always)
    private static func rotate(_ s: Double, _ c: Double, quadrant q: Int, sign x: Double)
        -> (sin: Double, cos: Double)
    {
        var (s, c) = (s, c)
        switch q & 3 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c += 0.0
        if s == 0 { s = Double(signOf: x, magnitudeOf: s) }
        return (s, c)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    @inline(__always)
    static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        var r = x.isFinite ? x.truncatingRemainder(dividingBy: 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r *= Angle.radiansPerDegree
        return rotate(sin(r), cos(r), quadrant: q, sign: x)
    }

    /// Sine and cosine of (x + t) degrees for x in −180…180 and a small correction t.
    @inline(__always)
    static func sincosde(_ x: Double, _ t: Double) -> (sin: Double, cos: Double) {
        let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
        let r = angRound((x - 90 * Double(q)) + t) * Angle.radiansPerDegree
        return rotate(sin(r), cos(r), quadrant: q, sign: x)
    }

    /// atan2(y, x) in degrees, −180…180, exact for the axes.
    @inline(__always)
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        var (x, y) = (x, y)
        var q = 0
        if abs(y) > abs(x) {
            q = 2
            (x, y) = (y, x)
        }
        if x < 0 {
            q += 1
            x = -x
        }
        let ang = atan2(y, x) * degreesPerRadian
        switch q {
        case 1: return Double(signOf: y, magnitudeOf: 180) - ang
        case 2: return 90 - ang
        case 3: return -90 + ang
        default: return ang
        }
    }
}

// Series expansions for the geodesic solver (order 6 in the third flattening n and in ε),
// ported from GeographicLib's Geodesic class (geodesic.py in geographiclib 2.1):
// A1m1f, C1f, C1pf, A2m1f, C2f, A3coeff/A3f, C3coeff/C3f and SinCosSeries.
// Copyright (c) Charles Karney (2011-2022) <karney@alum.mit.edu>, MIT/X11 License.
// https://geographiclib.sourceforge.io/ — C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), https://doi.org/10.1007/s00190-012-0578-z
//
// Everything here is fixed-size value storage so the solvers never touch the heap.

/// The six coefficients c₁…c₆ of a sine series Σ cₗ sin(2lσ) (c₆ = 0 for the C3 series).
struct GeodesicSeriesTerms: Sendable, Hashable {
    var c1, c2, c3, c4, c5, c6: Double

    /// Σₗ cₗ sin(2lσ) by Clenshaw summation, given sin σ and cos σ
    /// (GeographicLib `_SinCosSeries(True, …)`, unrolled for six terms).
    @inline(__always)
    func sinSeries(_ sinx: Double, _ cosx: Double) -> Double {
        let ar = 2 * (cosx - sinx) * (cosx + sinx)  // 2 cos 2σ
        var y1 = c6
        var y0 = ar * y1 + c5
        y1 = ar * y0 - y1 + c4
        y0 = ar * y1 - y0 + c3
        y1 = ar * y0 - y1 + c2
        y0 = ar * y1 - y0 + c1
        return 2 * sinx * cosx * y0  // sin 2σ · y0
    }

    /// Component-wise a·self − b·other (used to fold C1 and C2 into one series).
    @inline(__always)
    func combined(_ a: Double, _ b: Double, _ other: GeodesicSeriesTerms) -> GeodesicSeriesTerms {
        GeodesicSeriesTerms(
            c1: a * c1 - b * other.c1, c2: a * c2 - b * other.c2, c3: a * c3 - b * other.c3,
            c4: a * c4 - b * other.c4, c5: a * c5 - b * other.c5, c6: a * c6 - b * other.c6)
    }
}

/// Ellipsoid-independent series in ε (Karney 2013, eqs. 17, 18, 21, 42, 43).
enum GeodesicSeries {
    /// A₁ − 1 (eq. 17).
    @inline(__always)
    static func a1m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = ((e2 + 4) * e2 + 64) * e2 / 256
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ, l = 1…6 (eq. 18).
    @inline(__always)
    static func c1(_ eps: Double) -> GeodesicSeriesTerms {
        let e2 = eps * eps
        let d2 = e2 * eps
        let d3 = e2 * e2
        return GeodesicSeriesTerms(
            c1: eps * ((-e2 + 6) * e2 - 16) / 32,
            c2: e2 * ((-9 * e2 + 64) * e2 - 128) / 2048,
            c3: d2 * (9 * e2 - 16) / 768,
            c4: d3 * (3 * e2 - 5) / 512,
            c5: d3 * eps * -7 / 1280,
            c6: d3 * e2 * -7 / 2048)
    }

    /// C′₁ₗ, l = 1…6, coefficients of the reverted series (eq. 21).
    @inline(__always)
    static func c1p(_ eps: Double) -> GeodesicSeriesTerms {
        let e2 = eps * eps
        let d2 = e2 * eps
        let d3 = e2 * e2
        return GeodesicSeriesTerms(
            c1: eps * ((205 * e2 - 432) * e2 + 768) / 1536,
            c2: e2 * ((4005 * e2 - 4736) * e2 + 3840) / 12288,
            c3: d2 * (-225 * e2 + 116) / 384,
            c4: d3 * (-7173 * e2 + 2695) / 7680,
            c5: d3 * eps * 3467 / 7680,
            c6: d3 * e2 * 38081 / 61440)
    }

    /// A₂ − 1 (eq. 42).
    @inline(__always)
    static func a2m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = ((-11 * e2 - 28) * e2 - 192) * e2 / 256
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ, l = 1…6 (eq. 43).
    @inline(__always)
    static func c2(_ eps: Double) -> GeodesicSeriesTerms {
        let e2 = eps * eps
        let d2 = e2 * eps
        let d3 = e2 * e2
        return GeodesicSeriesTerms(
            c1: eps * ((e2 + 2) * e2 + 16) / 32,
            c2: e2 * ((35 * e2 + 64) * e2 + 384) / 2048,
            c3: d2 * (15 * e2 + 80) / 768,
            c4: d3 * (7 * e2 + 35) / 512,
            c5: d3 * eps * 63 / 1280,
            c6: d3 * e2 * 77 / 2048)
    }
}

/// Ellipsoid-dependent polynomials A₃(ε) and C₃ₗ(ε) (Karney 2013, eqs. 24, 25), whose
/// coefficients depend on n and are computed once per ellipsoid.
struct GeodesicLongitudeSeries: Sendable {
    /// A₃ coefficients, highest power of ε first (GeographicLib `_A3x`).
    private let a: (Double, Double, Double, Double, Double, Double)
    /// C₃ coefficients, grouped by l = 1…5, highest power first (GeographicLib `_C3x`).
    private let c:
        (
            Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double
        )

    /// Computes the coefficients for third flattening `n` (GeographicLib `_A3coeff`,
    /// `_C3coeff`). Runs once per ellipsoid, so plain arrays are fine here.
    init(n: Double) {
        let a3: [Double] = [
            -3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1,
        ]
        let c3: [Double] = [
            3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4,
            5, 256, 1, 3, 128, -3, -2, 3, 64, 1, -3, 2, 32,
            7, 512, -10, 9, 384, 5, -9, 5, 192,
            7, 512, -14, 7, 512,
            21, 2560,
        ]
        func polyval(_ degree: Int, _ p: [Double], _ start: Int, _ x: Double) -> Double {
            var y = p[start]
            for i in 0..<degree { y = y * x + p[start + i + 1] }
            return y
        }
        let order = 6
        var ax: [Double] = []
        var o = 0
        for j in stride(from: order - 1, through: 0, by: -1) {
            let m = min(order - j - 1, j)
            ax.append(polyval(m, a3, o, n) / a3[o + m + 1])
            o += m + 2
        }
        var cx: [Double] = []
        o = 0
        for l in 1..<order {
            for j in stride(from: order - 1, through: l, by: -1) {
                let m = min(order - j - 1, j)
                cx.append(polyval(m, c3, o, n) / c3[o + m + 1])
                o += m + 2
            }
        }
        a = (ax[0], ax[1], ax[2], ax[3], ax[4], ax[5])
        c = (
            cx[0], cx[1], cx[2], cx[3], cx[4], cx[5], cx[6], cx[7],
            cx[8], cx[9], cx[10], cx[11], cx[12], cx[13], cx[14]
        )
    }

    /// A₃(ε) (GeographicLib `_A3f`).
    @inline(__always)
    func a3(_ eps: Double) -> Double {
        ((((a.0 * eps + a.1) * eps + a.2) * eps + a.3) * eps + a.4) * eps + a.5
    }

    /// C₃ₗ(ε), l = 1…5, with c₆ = 0 (GeographicLib `_C3f`).
    @inline(__always)
    func c3(_ eps: Double) -> GeodesicSeriesTerms {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return GeodesicSeriesTerms(
            c1: eps * ((((c.0 * eps + c.1) * eps + c.2) * eps + c.3) * eps + c.4),
            c2: e2 * (((c.5 * eps + c.6) * eps + c.7) * eps + c.8),
            c3: e3 * ((c.9 * eps + c.10) * eps + c.11),
            c4: e4 * (c.12 * eps + c.13),
            c5: e4 * eps * c.14,
            c6: 0)
    }
}

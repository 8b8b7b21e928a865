/// Elementary functions built only from IEEE 754 `+ − × ÷`, which are correctly rounded on
/// every platform, so results are bit-identical on iOS, macOS and Linux. The platform `cos`
/// (libm) may differ in the last bit between systems, which would be enough to flip a
/// `rounded()` that the grid's column table depends on.
enum PortableMath {
    /// Taylor coefficients (−1)ᵏ / (2k)! for k = 0…15, each computed by a fixed sequence of
    /// correctly rounded divisions.
    static let cosineCoefficients: [Double] = {
        var coefficients: [Double] = []
        var term = 1.0
        for k in 0..<16 {
            coefficients.append(term)
            let a = Double(2 * k + 1)
            let b = Double(2 * k + 2)
            term = -term / a / b
        }
        return coefficients
    }()

    /// Cosine of `x` radians for |x| ≤ π/2, to within a few units in the last place.
    ///
    /// Evaluated as a Horner polynomial in x² with separate multiply and add (Swift does not
    /// fuse them), so the result depends on nothing but `x`.
    /// The truncation error of the series at |x| = π/2 is below 10⁻²⁴.
    /// - Complexity: O(1), 16 multiply–adds.
    static func cosine(_ x: Double) -> Double {
        let x2 = x * x
        var sum = 0.0
        for coefficient in cosineCoefficients.reversed() {
            let product = sum * x2
            sum = product + coefficient
        }
        return sum
    }
}

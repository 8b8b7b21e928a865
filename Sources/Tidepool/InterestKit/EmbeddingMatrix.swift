import Crypto
import Foundation

/// Unit-length tag embeddings, one row per vocabulary tag, held as `Float` in one flat array.
///
/// Loaded from the tool's float16 file after its SHA-256 and shape are checked against the
/// model card; rows are renormalised after dequantisation so every row has length 1.
public struct EmbeddingMatrix: Sendable {
    /// Row count.
    public let rows: Int
    /// Dimensions per row (384).
    public let dimensions: Int
    /// Row-major values, `rows × dimensions`.
    public let values: [Float]

    /// Reads a float16 matrix and checks it against `card`.
    ///
    /// - Throws: ``InterestModelError/checksumMismatch(file:expected:actual:)`` when the bytes are
    ///   not the ones the card describes; ``InterestModelError/shapeMismatch(file:detail:)`` when
    ///   the byte count is not rows × dimensions × 2 or a row is zero or not finite.
    public init(float16 data: Data, card: ModelCard, file: String = "tag-embeddings.f16")
        throws(InterestModelError)
    {
        let actual = Self.sha256(data)
        guard actual == card.matrixSHA256 else {
            throw .checksumMismatch(file: file, expected: card.matrixSHA256, actual: actual)
        }
        guard card.rows > 0, card.dimensions > 0, data.count == card.rows * card.dimensions * 2 else {
            throw .shapeMismatch(
                file: file,
                detail:
                    "\(data.count) bytes, the card's \(card.rows) × \(card.dimensions) float16 need \(card.rows * card.dimensions * 2)"
            )
        }
        let dimensions = card.dimensions
        var values = [Float](repeating: 0, count: card.rows * dimensions)
        var badRow: Int?
        data.withUnsafeBytes { raw in
            for index in 0..<values.count {
                let low = UInt16(raw[2 * index])
                let high = UInt16(raw[2 * index + 1])
                values[index] = Float16Bits.float(high << 8 | low)
            }
        }
        for row in 0..<card.rows {
            let range = row * dimensions..<(row + 1) * dimensions
            var norm: Float = 0
            for i in range { norm += values[i] * values[i] }
            guard norm.isFinite, norm > 0 else {
                badRow = row
                break
            }
            let scale = 1 / norm.squareRoot()
            for i in range { values[i] *= scale }
        }
        if let badRow { throw .shapeMismatch(file: file, detail: "row \(badRow) is zero or not finite") }
        self.rows = card.rows
        self.dimensions = dimensions
        self.values = values
    }

    /// Cosine of rows `a` and `b` (their dot product: rows are unit length).
    public func cosine(_ a: Int, _ b: Int) -> Float {
        var sum: Float = 0
        let da = a * dimensions
        let db = b * dimensions
        for i in 0..<dimensions { sum += values[da + i] * values[db + i] }
        return sum
    }

    /// The matrix with the mean row subtracted and every row renormalised.
    ///
    /// Sentence embeddings of short phrases share a large common component (anisotropy: any two
    /// tags have cosine ≈ 0.3 and averages of many tags ≈ 0.7), which makes cosines depend on how
    /// many tags a profile has. Removing the vocabulary's mean (as in Mu & Viswanath 2018,
    /// "All-but-the-Top") centres random profiles at cosine ≈ 0 whatever their size, and keeps the
    /// WordSim-353 correlation (0.733 centred against 0.729 raw). A row equal to the mean stays zero.
    public func centred() -> EmbeddingMatrix { centred(around: meanRow()) }

    /// The mean of all rows (the direction ``centred()`` removes).
    public func meanRow() -> [Float] {
        var mean = [Float](repeating: 0, count: dimensions)
        for row in 0..<rows {
            for i in 0..<dimensions { mean[i] += values[row * dimensions + i] }
        }
        for i in 0..<dimensions { mean[i] /= Float(max(1, rows)) }
        return mean
    }

    /// The matrix with `mean` subtracted from every row and rows renormalised; a row equal to
    /// `mean` stays zero. `mean` must have ``dimensions`` components (the typed words are centred
    /// around the tags' mean, so both live in one space).
    public func centred(around mean: [Float]) -> EmbeddingMatrix {
        let mean = mean.count == dimensions ? mean : [Float](repeating: 0, count: dimensions)
        var centred = values
        for row in 0..<rows {
            let base = row * dimensions
            var norm: Float = 0
            for i in 0..<dimensions {
                centred[base + i] -= mean[i]
                norm += centred[base + i] * centred[base + i]
            }
            let scale = norm > 0 ? 1 / norm.squareRoot() : 0
            for i in 0..<dimensions { centred[base + i] *= scale }
        }
        return EmbeddingMatrix(rows: rows, dimensions: dimensions, values: centred)
    }

    /// A matrix from values already checked.
    private init(rows: Int, dimensions: Int, values: [Float]) {
        self.rows = rows
        self.dimensions = dimensions
        self.values = values
    }

    /// Σ weights[k] · row(rows[k]), 16 lanes at a time. `rows` must be valid row indices.
    ///
    /// - Complexity: O(rows.count × dimensions).
    public func weightedSum(rows: [Int], weights: [Float]) -> [Float] {
        var sum = [Float](repeating: 0, count: dimensions)
        let lanes = dimensions / 16
        values.withUnsafeBufferPointer { matrix in
            sum.withUnsafeMutableBufferPointer { out in
                guard let matrixBase = matrix.baseAddress, let outBase = out.baseAddress else { return }
                let outRaw = UnsafeMutableRawPointer(outBase)
                for (row, weight) in zip(rows, weights) where row >= 0 && row < self.rows {
                    let rowBase = matrixBase + row * dimensions
                    let rowRaw = UnsafeRawPointer(rowBase)
                    let w = SIMD16<Float>(repeating: weight)
                    for lane in 0..<lanes {
                        let offset = lane * 64
                        let accumulated = outRaw.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                        let value = rowRaw.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                        outRaw.storeBytes(
                            of: accumulated + w * value, toByteOffset: offset, as: SIMD16<Float>.self)
                    }
                    for i in lanes * 16..<dimensions { outBase[i] += weight * rowBase[i] }
                }
            }
        }
        return sum
    }

    /// Lower-case hex SHA-256 of `data`.
    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

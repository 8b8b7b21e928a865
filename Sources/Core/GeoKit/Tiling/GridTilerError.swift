/// Why a grid configuration, tile id, tile string or cover request was refused.
public enum GridTilerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The base edge (metres) is not finite or lies outside the supported range.
    case baseEdgeOutOfRange(Double, supported: ClosedRange<Double>)
    /// The number of levels lies outside the supported range.
    case levelCountOutOfRange(Int, supported: ClosedRange<Int>)
    /// The configuration would make some cell between the equator and ±85° deviate from its
    /// level's target edge by more than the allowed fraction (0.1 = 10 %).
    case cellShapeOutOfTolerance(relativeError: Double, latitude: Double, limit: Double)
    /// A level outside 0..<levels of this tiler.
    case levelOutOfRange(level: Int, levels: Int)
    /// A row outside 0..<rowCount at that level.
    case rowOutOfRange(level: Int, row: Int, rowCount: Int)
    /// A column outside 0..<columnCount of that row.
    case columnOutOfRange(level: Int, row: Int, column: Int, columnCount: Int)
    /// A tile string of the wrong length.
    case wrongLength(Int, expected: Int)
    /// A character that is not a Crockford base32 digit, at a 1-based position.
    case badCharacter(String, position: Int)
    /// A tile string whose value does not fit in 64 bits.
    case valueTooLarge(String)
    /// A cover that would return more tiles than the caller's limit.
    case coverTooLarge(count: Int, limit: Int)

    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .baseEdgeOutOfRange(let edge, let supported):
            "base edge \(edge) m is outside the supported \(supported.lowerBound)...\(supported.upperBound) m"
        case .levelCountOutOfRange(let levels, let supported):
            "level count \(levels) is outside the supported \(supported.lowerBound)...\(supported.upperBound)"
        case .cellShapeOutOfTolerance(let error, let latitude, let limit):
            "cells near latitude \(latitude) would deviate \(error * 100) % from their target edge "
                + "(limit \(limit * 100) %); use fewer levels or a smaller base edge"
        case .levelOutOfRange(let level, let levels):
            "tile level \(level) is outside 0..<\(levels)"
        case .rowOutOfRange(let level, let row, let rowCount):
            "tile row \(row) is outside 0..<\(rowCount) at level \(level)"
        case .columnOutOfRange(let level, let row, let column, let columnCount):
            "tile column \(column) is outside 0..<\(columnCount) for row \(row) at level \(level)"
        case .wrongLength(let length, let expected):
            "tile id string has \(length) characters, expected \(expected)"
        case .badCharacter(let character, let position):
            "tile id string has bad character \(character.debugDescription) at position \(position)"
        case .valueTooLarge(let text):
            "tile id string \(text.debugDescription) does not fit in 64 bits"
        case .coverTooLarge(let count, let limit):
            "cover would return \(count) tiles, more than the limit of \(limit)"
        }
    }
}

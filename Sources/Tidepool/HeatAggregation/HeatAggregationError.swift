/// Why a heat-aggregation call was refused. Every case names the value and the rule it broke.
public enum HeatAggregationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration number outside its allowed range.
    case invalidParameter(name: String, value: Double, reason: String)
    /// A report for a tile that is not a level-0 cell of the aggregator's grid.
    case notABaseTile(tile: String, reason: String)
    /// A facet index outside the codebook (`0..<count`), or a facet histogram of the wrong
    /// length (then `facet` is its length).
    case invalidFacet(facet: Int, count: Int)
    /// A report or release for an epoch other than the one being aggregated.
    case wrongEpoch(epoch: Int64, expected: Int64)
    /// The epoch was already closed: its raw data is gone and its release is immutable.
    case epochClosed(epoch: Int64)
    /// A release for this epoch was already published; releases are immutable.
    case releaseExists(epoch: Int64)

    /// A one-line explanation naming the offending value.
    public var description: String {
        switch self {
        case .invalidParameter(let name, let value, let reason):
            "\(name) = \(value) is invalid: \(reason)"
        case .notABaseTile(let tile, let reason):
            "tile \(tile) is not a base tile of the grid: \(reason)"
        case .invalidFacet(let facet, let count):
            count == 0
                ? "facet \(facet) refused: this configuration has no facets (count-only)"
                : "facet \(facet) refused: must be in 0..<\(count)"
        case .wrongEpoch(let epoch, let expected):
            "report for epoch \(epoch) refused: this aggregator collects epoch \(expected)"
        case .epochClosed(let epoch):
            "epoch \(epoch) is already closed; its raw data has been discarded"
        case .releaseExists(let epoch):
            "a release for epoch \(epoch) already exists and releases are immutable"
        }
    }
}

/// Why a ``FacetCodebook`` could not be made; each case names what was wrong.
public enum FacetCodebookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The version string is empty.
    case emptyVersion
    /// No centroids, or more than the maximum.
    case badCount(Int, maximum: Int)
    /// A centroid of the wrong length, with a non-finite component, or zero.
    case badCentroid(index: Int, reason: String)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .emptyVersion: "facet codebook: the version is empty"
        case .badCount(let count, let maximum): "facet codebook: \(count) centroids, expected 1...\(maximum)"
        case .badCentroid(let index, let reason): "facet codebook: centroid \(index): \(reason)"
        }
    }
}

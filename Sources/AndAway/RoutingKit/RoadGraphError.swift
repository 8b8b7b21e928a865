/// Why a road graph could not be built, loaded or saved: what was wrong and where.
public enum RoadGraphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The OSM source could not be read or decoded.
    case unreadableSource(path: String, message: String)
    /// The cache file is not a road graph cache of this version, or is damaged (`offset` in bytes
    /// where the problem was found, when known).
    case invalidCache(path: String, offset: Int?, message: String)
    /// The cache could not be written.
    case unwritableCache(path: String, message: String)
    /// The graph breaks an invariant (`what` says which).
    case inconsistent(what: String)

    public var description: String {
        switch self {
        case .unreadableSource(let path, let message): "\(path): cannot read the OSM extract: \(message)"
        case .invalidCache(let path, let offset, let message):
            "\(path)\(offset.map { " at byte \($0)" } ?? ""): invalid road graph cache: \(message)"
        case .unwritableCache(let path, let message): "\(path): cannot write the road graph cache: \(message)"
        case .inconsistent(let what): "inconsistent road graph: \(what)"
        }
    }
}

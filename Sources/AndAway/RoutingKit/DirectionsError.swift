import GeoKit

/// Why a directions request failed: what was wrong and where.
public enum DirectionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No road usable by `mode` lies within `maximumDistance` metres of `point` (`role` is
    /// "origin" or "destination"), e.g. a point outside the extract.
    case noRoadNearby(role: String, point: Coordinate, mode: TravelMode, maximumDistance: Double)
    /// Both points are on the network but no path for `mode` connects them.
    case unreachable(from: Coordinate, to: Coordinate, mode: TravelMode)
    /// A remote provider found no route.
    case noRoute(provider: String)
    /// The provider needs an API key and none was given (`variable` names the environment variable).
    case missingAPIKey(variable: String)
    /// The provider answered with an HTTP error (`status` like `PERMISSION_DENIED` when it said so).
    case http(provider: String, code: Int, status: String?, message: String)
    /// The provider could not be reached.
    case transport(provider: String, message: String)
    /// The provider's answer could not be read (`field` names the part).
    case malformedResponse(provider: String, field: String, message: String)

    public var description: String {
        switch self {
        case .noRoadNearby(let role, let point, let mode, let maximumDistance):
            "\(role) \(Self.format(point)): no road usable by \(mode.rawValue) within \(Int(maximumDistance)) m (is it inside the extract?)"
        case .unreachable(let from, let to, let mode):
            "no \(mode.rawValue) route from \(Self.format(from)) to \(Self.format(to)): they are on unconnected parts of the network"
        case .noRoute(let provider):
            "\(provider): no route between these points"
        case .missingAPIKey(let variable):
            "no API key: set \(variable)"
        case .http(let provider, let code, let status, let message):
            "\(provider): HTTP \(code)\(status.map { " \($0)" } ?? ""): \(message)"
        case .transport(let provider, let message):
            "\(provider): cannot reach the service: \(message)"
        case .malformedResponse(let provider, let field, let message):
            "\(provider): unreadable response at \(field): \(message)"
        }
    }

    private static func format(_ c: Coordinate) -> String {
        "\((c.latitude * 1e6).rounded() / 1e6),\((c.longitude * 1e6).rounded() / 1e6)"
    }
}

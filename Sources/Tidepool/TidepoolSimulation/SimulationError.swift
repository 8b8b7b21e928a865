/// Why a simulation could not run.
public enum SimulationError: Error, Sendable, CustomStringConvertible {
    /// An option outside its range.
    case invalidOption(name: String, reason: String)
    /// The place store has too few places of a needed kind.
    case tooFewPlaces(kind: String, found: Int, needed: Int)
    /// A component failed (store, tokens, aggregation), with its message.
    case component(name: String, message: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidOption(let name, let reason): "--\(name): \(reason)"
        case .tooFewPlaces(let kind, let found, let needed):
            "the place store has \(found) \(kind) places, the simulation needs at least \(needed)"
        case .component(let name, let message): "\(name): \(message)"
        }
    }
}

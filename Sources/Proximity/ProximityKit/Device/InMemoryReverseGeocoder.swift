import GeoKit
import LockedState

/// A ``ReverseGeocoder`` in memory: answers a name the test chose, or fails as an offline phone
/// would; records every point it was asked about.
public final class InMemoryReverseGeocoder: ReverseGeocoder {
    private struct State {
        var answer: Result<String?, ReverseGeocoderError>
        var asked: [Coordinate] = []
    }

    private let state: Locked<State>

    /// A geocoder answering `name` for every point (`nil`: it knows nothing anywhere).
    public init(name: String? = nil) { state = Locked(State(answer: .success(name))) }

    /// A geocoder that fails every call with `error` (offline).
    public init(failing error: ReverseGeocoderError) { state = Locked(State(answer: .failure(error))) }

    /// Answers the chosen name or fails; records the point.
    public func name(for coordinate: Coordinate) async throws -> String? {
        let answer = state.withLock { state in
            state.asked.append(coordinate)
            return state.answer
        }
        return try answer.get()
    }

    /// The points asked about, in order.
    public var asked: [Coordinate] { state.withLock { $0.asked } }
}

/// An aircraft feed that cannot be read, with the place in it.
public struct AircraftFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which format was being read (`readsb aircraft.json`, `OpenSky states`, `readsb trace`).
    public var format: String
    /// Where: `aircraft[12].lat`, `states[3][5]`, `trace[40][1]`, or `document`.
    public var location: String
    /// What was wrong.
    public var reason: String

    /// An error from its parts.
    public init(format: String, location: String, reason: String) {
        self.format = format
        self.location = location
        self.reason = reason
    }

    /// `"<format> at <location>: <reason>"`.
    public var description: String { "\(format) at \(location): \(reason)" }
}

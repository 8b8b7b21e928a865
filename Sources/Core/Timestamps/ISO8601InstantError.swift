/// A time that is not an ISO 8601 instant; the message names the value and shows one that is.
public struct ISO8601InstantError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public var value: String

    /// An error for `value`.
    public init(value: String) {
        self.value = value
    }

    /// `'VALUE' is not an ISO 8601 instant such as 2026-11-23T14:00:00Z (…)`.
    public var description: String {
        "'\(value.prefix(60))' is not an ISO 8601 instant such as \(ISO8601Instant.example) "
            + "(a fraction of a second and a ±hh:mm offset are allowed)"
    }
}

/// Why an `opening_hours` value could not be read.
public struct OpeningHoursParseError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Offset in characters (grapheme clusters) from the start of the value where reading stopped.
    public let offset: Int
    /// What was expected or found, e.g. `"a time span needs an end"`.
    public let reason: String

    /// Creates an error at `offset` with `reason`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `"at 7: a time span needs an end"`.
    public var description: String { "at \(offset): \(reason)" }
}

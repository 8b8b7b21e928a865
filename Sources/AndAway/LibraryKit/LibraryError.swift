/// Why a library value, store operation or exchange file was refused: what was wrong and where.
///
/// `location` names the place in the input (`line 12, column 3`, `bookmark 'b1' note`,
/// `library.sqlite`); `message` says what was wrong there. Nothing is written when one is thrown.
public struct LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is (a field, a record, a line and column, a file); nil when nowhere in particular.
    public var location: String?
    /// What was wrong.
    public var message: String

    /// An error at `location` saying `message`.
    public init(_ message: String, at location: String? = nil) {
        self.location = location
        self.message = message
    }

    public var description: String { location.map { "\($0): \(message)" } ?? message }

    /// The same error with `outer` prefixed to its location (a file name around a record's field).
    public func within(_ outer: String) -> LibraryError {
        LibraryError(message, at: location.map { "\(outer), \($0)" } ?? outer)
    }
}

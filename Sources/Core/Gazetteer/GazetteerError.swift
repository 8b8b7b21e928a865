/// Why a gazetteer could not be loaded, with where it happened.
///
/// Row problems carry the 1-based ``line`` (the header is line 1) and, when one field is at
/// fault, the ``column`` name from the header (`lat`, `population`, …). The loader is strict:
/// one malformed row refuses the whole file, so a gazetteer never silently loses places.
public struct GazetteerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The file could not be read; `reason` is the system's message.
        case unreadable(reason: String)
        /// The gzip stream is corrupt or truncated; `status` is zlib's return code.
        case decompressionFailed(status: Int32)
        /// The data inflates past the size limit (a gzip bomb or the wrong file).
        case tooLarge(limit: Int)
        /// The input has no bytes at all (no header row).
        case empty
        /// The first line is not the expected header.
        case unexpectedHeader(found: String)
        /// A row with the wrong number of tab-separated fields.
        case wrongFieldCount(expected: Int, found: Int)
        /// A line longer than the limit (no real gazetteer row comes close).
        case lineTooLong(length: Int, limit: Int)
        /// A line that is not valid UTF-8.
        case invalidUTF8
        /// A required field is empty.
        case emptyField
        /// A field that must be a number is not one.
        case notANumber(text: String)
        /// A number outside its column's range (latitude −90…90, longitude −180…180, ids and
        /// populations ≥ 0).
        case outOfRange(text: String)

        public var description: String {
            switch self {
            case .unreadable(let reason): "cannot read the file: \(reason)"
            case .decompressionFailed(let status):
                "the gzip data is corrupt or truncated (zlib status \(status))"
            case .tooLarge(let limit): "the data inflates to more than \(limit) bytes"
            case .empty: "the file is empty (expected a header row)"
            case .unexpectedHeader(let found): "unexpected header '\(found)'"
            case .wrongFieldCount(let expected, let found):
                "expected \(expected) tab-separated fields, found \(found)"
            case .lineTooLong(let length, let limit):
                "line of \(length) bytes exceeds the \(limit)-byte limit"
            case .invalidUTF8: "the line is not valid UTF-8"
            case .emptyField: "the field is empty"
            case .notANumber(let text): "'\(text)' is not a number"
            case .outOfRange(let text): "\(text) is out of range"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The file, when the gazetteer was loaded from one.
    public var path: String?
    /// The 1-based line (the header is line 1), when the problem is in one line.
    public var line: Int?
    /// The header name of the offending column, when one field is at fault.
    public var column: String?

    /// Creates an error.
    public init(_ kind: Kind, path: String? = nil, line: Int? = nil, column: String? = nil) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        var place = path ?? "gazetteer"
        if let line { place += ", line \(line)" }
        if let column { place += ", column '\(column)'" }
        return "\(place): \(kind.description)"
    }
}

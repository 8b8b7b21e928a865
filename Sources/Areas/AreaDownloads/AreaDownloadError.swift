import AreaKit

/// Why an area could not be listed, downloaded, installed or deleted. An installed file is never
/// changed by a failed download.
public enum AreaDownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached or the connection dropped (a partial file is kept to resume).
    case transport(String)
    /// The server answered with an error status (its error message when it sent one).
    case server(status: Int, String)
    /// The server's answer is not what the document says.
    case badAnswer(String)
    /// The server offers no such area or kind (or names an area this device would not store).
    case notOffered(area: String, kind: AreaKind)
    /// The downloaded file has another size than the listing said.
    case sizeMismatch(area: String, kind: AreaKind, expected: Int64, actual: Int64)
    /// The downloaded file's SHA-256 differs from the listing's.
    case checksumMismatch(area: String, kind: AreaKind, expected: String, actual: String)
    /// The file has the listed checksum but fails its format's own checks (a pack that does not
    /// verify, a place store of another schema).
    case unreadable(area: String, kind: AreaKind, String)
    /// That file of that area is already being downloaded.
    case alreadyDownloading(area: String, kind: AreaKind)
    /// A file on the device could not be read, written, moved or deleted.
    case file(path: String, String)

    public var description: String {
        switch self {
        case .transport(let reason): "the server could not be reached: \(reason)"
        case .server(let status, let message): "the server answered \(status): \(message)"
        case .badAnswer(let reason): "the server's answer is not readable: \(reason)"
        case .notOffered(let area, let kind): "the server offers no \(kind.rawValue) of area '\(area)'"
        case .sizeMismatch(let area, let kind, let expected, let actual):
            "area '\(area)' \(kind.rawValue): \(actual) bytes arrived, the server listed \(expected); not installed"
        case .checksumMismatch(let area, let kind, let expected, let actual):
            "area '\(area)' \(kind.rawValue): SHA-256 \(actual) is not the listed \(expected); not installed"
        case .unreadable(let area, let kind, let reason): "area '\(area)' \(kind.rawValue) fails its own checks: \(reason); not installed"
        case .alreadyDownloading(let area, let kind): "area '\(area)' \(kind.rawValue) is already downloading"
        case .file(let path, let reason): "\(path): \(reason)"
        }
    }
}

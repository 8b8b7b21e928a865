import AreaKit
import Foundation

/// A point to list areas near, degrees.
public struct AreaPoint: Sendable, Hashable {
    /// Latitude, degrees.
    public var latitude: Double
    /// Longitude, degrees.
    public var longitude: Double

    /// A point.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One kind's file of an area asked for from `offset` on, as long as the server's file is still
/// the one with `sha256` (`If-Range`): otherwise the server sends the whole current file.
public struct AreaFetchRequest: Sendable, Hashable {
    /// The area's name.
    public var area: String
    /// Which file.
    public var kind: AreaKind
    /// The first byte wanted (the partial file's length; 0 for a fresh download).
    public var offset: Int64
    /// The SHA-256 of the build being downloaded (the server's ETag without its quotes).
    public var sha256: String

    /// A request.
    public init(area: String, kind: AreaKind, offset: Int64, sha256: String) {
        self.area = area
        self.kind = kind
        self.offset = offset
        self.sha256 = sha256
    }
}

/// What a fetch wrote into the partial file.
public enum AreaFetchOutcome: Sendable, Hashable {
    /// The bytes from the request's offset to the end were appended (206, or 200 for offset 0).
    case appended
    /// The server sent the whole file (its build changed, or it ignored the range): the partial
    /// file was emptied first and now holds what arrived of that file.
    case restarted
}

/// How ``AreaDownloads`` reaches `loci serve`: the list and one file's bytes. ``HTTPAreaTransport``
/// speaks plain HTTP with URLSession (Linux and the phone in the foreground); a background
/// `URLSession` adapter on the phone implements the same two calls.
public protocol AreaTransport: Sendable {
    /// `GET /v1/areas`, with `near` when given.
    /// - Throws: ``AreaDownloadError`` (`.transport`, `.server`, `.badAnswer`).
    func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing

    /// `GET /v1/areas/{area}/{kind}` from `request.offset`, appending what arrives to the file at
    /// `partial` (created when missing) and reporting the bytes the file holds as they arrive. A
    /// connection that drops leaves the bytes that arrived in the file and throws `.transport`.
    /// - Throws: ``AreaDownloadError``.
    func fetch(_ request: AreaFetchRequest, appendingTo partial: URL, progress: @escaping @Sendable (Int64) -> Void)
        async throws(AreaDownloadError) -> AreaFetchOutcome
}

/// What a transport does with the answer to an ``AreaFetchRequest``: the resume rule every
/// transport shares (``HTTPAreaTransport`` and the phone's background adapter).
public enum AreaFetchDisposition: Sendable, Equatable {
    /// 206 from the request's offset: append the body to the partial file.
    case append
    /// 200: the body is the whole file (the build changed, or the server ignored the range):
    /// empty the partial file first; the outcome is ``AreaFetchOutcome/restarted`` when the
    /// request had an offset.
    case replace
    /// An error status: the body is the server's error message.
    case serverError(status: Int)
    /// An answer the request cannot use (a range starting elsewhere).
    case refuse(AreaDownloadError)
}

extension AreaFetchRequest {
    /// The request's path under the server's base URL: `v1/areas/{area}/{kind}`.
    public var path: String { "v1/areas/\(area)/\(kind.rawValue)" }

    /// The headers that ask for the rest of the file of this build: `Range: bytes=OFFSET-` and
    /// `If-Range` the build's SHA-256 in quotes (the server's ETag) from a non-zero offset; none from 0.
    public var resumeHeaders: [String: String] {
        guard offset > 0 else { return [:] }
        return ["Range": "bytes=\(offset)-", "If-Range": "\"\(sha256)\""]
    }

    /// What to do with an answer of `status` whose `Content-Range` is `contentRange`.
    public func disposition(status: Int, contentRange: String?) -> AreaFetchDisposition {
        switch status {
        case 206:
            let range = contentRange ?? ""
            guard range.hasPrefix("bytes \(offset)-") else {
                return .refuse(.badAnswer("asked for bytes from \(offset), got Content-Range '\(range)'"))
            }
            return .append
        case 200: return .replace
        default: return .serverError(status: status)
        }
    }
}

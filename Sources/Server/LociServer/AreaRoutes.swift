import AreaKit
import Foundation
import Hummingbird

/// `GET /v1/areas/{area}/{kind}`: each kind's file of the areas `--areas` holds (made by
/// `loci area build`; the generated `GET /v1/areas` lists them), streamed with `ETag` (its SHA-256),
/// `Accept-Ranges`, single `Range`s (206, 416), `If-Range` and `If-None-Match` (304). HEAD answers
/// as GET without the body (the router's generated HEAD routes).
///
/// Hand-written like the tiles: a file answer is bytes read from disk in pieces while they are
/// sent, with range and validator headers the generated handlers do not model. Paths are only ever
/// made from a name the folder lists and a kind's fixed file name, never from the request's text.
struct AreaRoutes {
    let services: ServerServices

    /// Bytes read from the file per write.
    static let chunkBytes = 256 * 1024

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/areas/{area}/{kind}") { request, context in try await file(request, context) }
    }

    private var directory: AreaDirectory? {
        services.configuration.areasPath.map { AreaDirectory(root: URL(fileURLWithPath: $0, isDirectory: true)) }
    }

    func file(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let area = context.parameters.get("area") ?? ""
        let kindText = context.parameters.get("kind") ?? ""
        guard let kind = AreaKind(rawValue: kindText) else {
            throw APIError.notFound(
                "no kind '\(kindText)' of an area; kinds are \(AreaKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let directory = directory
        let opened = await onBlockingExecutor { () -> (entry: AreaFile, handle: FileHandle, size: Int64)? in
            guard let found = directory?.file(area: area, kind: kind), let handle = FileHandle(forReadingAtPath: found.path)
            else { return nil }
            let size = (try? handle.seekToEnd()).map(Int64.init) ?? -1
            return (found.entry, handle, size)
        }
        guard let opened else {
            throw APIError.notFound(
                AreaName.isValid(area) ? "no area '\(area)' with a \(kind.rawValue) file on this server" : "no area '\(area)'")
        }
        // A rebuild renamed in between the manifest read and the open: the file is not the one described.
        guard opened.size == opened.entry.bytes else {
            try? opened.handle.close()
            throw APIError(.serviceUnavailable, code: .storage, "area '\(area)' is being rebuilt; try again")
        }
        let etag = "\"\(opened.entry.sha256)\""
        var headers: HTTPFields = [
            .contentType: "application/octet-stream", .acceptRanges: "bytes", .eTag: etag, .cacheControl: "no-cache",
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: etag) {
            try? opened.handle.close()
            return Response(status: .notModified, headers: headers)
        }
        let size = opened.size
        var range: ClosedRange<Int64>? = nil
        if let header = request.headers[.range], Self.ifRangeAllows(request.headers[.ifRange], etag: etag) {
            switch Self.byteRange(header, size: size) {
            case .whole: break
            case .part(let part): range = part
            case .unsatisfiable:
                try? opened.handle.close()
                var error = APIError(
                    .rangeNotSatisfiable, code: .invalidParameter,
                    "Range '\(header)' is outside the \(size) bytes of area '\(area)' \(kind.rawValue)")
                error.headers[.contentRange] = "bytes */\(size)"
                throw error
            }
        }
        let first = range?.lowerBound ?? 0
        let length = range.map { $0.upperBound - $0.lowerBound + 1 } ?? size
        if let range { headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)" }
        headers[.contentLength] = String(length)
        let handle = FileReader(handle: opened.handle)
        let body = ResponseBody(contentLength: Int(length)) { writer in
            defer { handle.close() }
            var offset = first
            var remaining = length
            while remaining > 0 {
                let count = Int(min(Int64(Self.chunkBytes), remaining))
                let data = try await onBlockingExecutor { () throws -> Data in try handle.read(at: offset, count: count) }
                guard !data.isEmpty else { throw APIError(.internalServerError, code: .storage, "area file shorter than its manifest") }
                try await writer.write(ByteBuffer(bytes: data))
                offset += Int64(data.count)
                remaining -= Int64(data.count)
            }
            try await writer.finish(nil)
        }
        return Response(status: range == nil ? .ok : .partialContent, headers: headers, body: body)
    }

    /// `LAT,LON` in degrees.
    static func point(_ text: String) throws -> (latitude: Double, longitude: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else {
            throw APIError.badRequest(.invalidParameter, "near: '\(text)' is not LAT,LON in degrees (latitude -90...90, longitude -180...180)")
        }
        return (latitude, longitude)
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`); weak validators compare by their tag.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// Whether a `Range` applies: no `If-Range`, or one naming the current `etag` (a resumed
    /// download of another build gets the whole new file instead of a mix of two).
    static func ifRangeAllows(_ header: String?, etag: String) -> Bool {
        guard let header else { return true }
        return header.trimmingCharacters(in: .whitespaces) == etag
    }

    /// What a `Range` header asks of a file of `size` bytes.
    enum RangeAnswer: Equatable {
        /// Not a single byte range this route serves (another unit, several ranges, malformed): the whole file.
        case whole
        /// These bytes.
        case part(ClosedRange<Int64>)
        /// No byte of the file.
        case unsatisfiable
    }

    /// `bytes=N-`, `bytes=N-M` (M past the end is the end) and `bytes=-S` (the last S bytes).
    static func byteRange(_ header: String, size: Int64) -> RangeAnswer {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(",") else { return .whole }
        let ends = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard ends.count == 2, ends[0].allSatisfy(\.isASCII), ends[1].allSatisfy(\.isASCII) else { return .whole }
        if ends[0].isEmpty {
            guard let suffix = Int64(ends[1]) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)...(size - 1))
        }
        guard let start = Int64(ends[0]), start >= 0 else { return .whole }
        let end: Int64
        if ends[1].isEmpty {
            end = size - 1
        } else {
            guard let last = Int64(ends[1]), last >= start else { return .whole }
            end = min(last, size - 1)
        }
        return start < size ? .part(start...end) : .unsatisfiable
    }
}

/// A file read at offsets from Dispatch workers, closed once.
private final class FileReader: @unchecked Sendable {
    // The handle is used by one body writer at a time (reads are sequential), then closed.
    private let handle: FileHandle

    init(handle: FileHandle) { self.handle = handle }

    func read(at offset: Int64, count: Int) throws -> Data {
        try handle.seek(toOffset: UInt64(offset))
        return try handle.read(upToCount: count) ?? Data()
    }

    func close() { try? handle.close() }
}

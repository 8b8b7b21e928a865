import Foundation
import Hummingbird

/// A `multipart/form-data` body (RFC 7578), read as it arrives by ``MultipartParser``: each part
/// needs a `Content-Disposition: form-data; name="…"` header; names must be in a closed set and
/// appear once. Only a bounded prefix of each part is kept in memory, nothing is written to disk.
struct MultipartForm {
    /// One part: its name, file name, content type, first bytes and whole length.
    typealias Part = MultipartParser.Part

    let parts: [Part]

    /// Bytes kept of a text part: one more than ``maximumTextBytes``, so a longer one is seen.
    static let keptTextBytes = maximumTextBytes + 1
    /// Longest text part, bytes.
    static let maximumTextBytes = 200

    /// Parses a whole body held in memory, keeping `keep(name)` bytes of each part (all of it by default).
    /// - Throws: ``APIError`` 400 naming what is malformed, or an unknown or repeated part.
    init(
        _ body: [UInt8], contentType: String, allowed: Set<String>,
        keep: @escaping (String) -> Int = { _ in .max }
    ) throws(APIError) {
        var parser = try Self.parser(contentType: contentType, allowed: allowed, keep: keep)
        do {
            try parser.feed(body)
            parts = try parser.finish()
        } catch {
            throw Self.apiError(error)
        }
    }

    private init(parts: [Part]) { self.parts = parts }

    /// Reads `body` as it arrives, keeping `keep(name)` bytes of each part and refusing a body
    /// longer than `limit` bytes (413, as soon as it is seen: from `Content-Length` or while reading).
    /// - Throws: ``APIError``: 400 for a malformed body or an unknown or repeated part, 413 past `limit`.
    static func read(
        _ request: Request, contentType: String, allowed: Set<String>, limit: Int,
        keep: @escaping (String) -> Int
    ) async throws(APIError) -> MultipartForm {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(
                .contentTooLarge, code: .bodyTooLarge, "the body has \(length) bytes, at most \(limit)")
        }
        var parser = try parser(contentType: contentType, allowed: allowed, keep: keep)
        var total = 0
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                guard total <= limit else {
                    throw APIError(
                        .contentTooLarge, code: .bodyTooLarge, "the body is larger than \(limit) bytes")
                }
                try parser.feed(chunk.readableBytesView)
            }
            return MultipartForm(parts: try parser.finish())
        } catch let error as MultipartParser.Failure {
            throw apiError(error)
        } catch let error as APIError {
            throw error
        } catch {
            // The body stream failed (the connection went away, or the request was cancelled).
            throw .badRequest(.invalidMultipart, "the body could not be read to its end")
        }
    }

    private static func parser(
        contentType: String, allowed: Set<String>, keep: @escaping (String) -> Int
    ) throws(APIError) -> MultipartParser {
        guard let boundary = boundary(in: contentType) else {
            throw .badRequest(
                .invalidMultipart, "Content-Type multipart/form-data needs a boundary parameter")
        }
        return MultipartParser(boundary: boundary, allowed: allowed, keep: keep)
    }

    static func apiError(_ failure: MultipartParser.Failure) -> APIError {
        .badRequest(failure.unknownPart ? .unknownField : .invalidMultipart, failure.message)
    }

    /// The part called `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// A text part as a string (nil when absent).
    func text(_ name: String) throws(APIError) -> String? {
        guard let part = self[name] else { return nil }
        guard part.size <= Self.maximumTextBytes, let text = String(validating: part.prefix, as: UTF8.self)
        else {
            throw .badRequest(
                .invalidField, "\(name) must be UTF-8 text of at most \(Self.maximumTextBytes) bytes")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A text part read as a finite number.
    func number(_ name: String) throws(APIError) -> Double? {
        guard let text = try text(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw .badRequest(.invalidField, "\(name) must be a finite number, got \"\(text)\"")
        }
        return value
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(in contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        guard let value = MultipartParser.parameter("boundary", in: contentType), !value.isEmpty,
            value.utf8.count <= 70
        else {
            return nil
        }
        return value
    }
}

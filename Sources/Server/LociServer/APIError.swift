import Foundation
import Hummingbird
import LociAPI
import LociWire

/// An error answer: an HTTP status and a JSON body `{"code": "...", "message": "..."}` whose
/// code is stable (clients branch on it) and whose message says what and where.
public struct APIError: Error, Sendable, HTTPResponseError, CustomStringConvertible {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The stable machine code (``ErrorCode``: `unknown_field`, `rate_limited`, …).
    public var code: ErrorCode
    /// What was wrong, naming the field or resource.
    public var message: String
    /// Extra headers (`Retry-After` for 429).
    public var headers: HTTPFields = [:]

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, code: ErrorCode, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// `"<status> <code>: <message>"`.
    public var description: String { "\(status.code) \(code.rawValue): \(message)" }

    /// 400 for a body or parameter that is not what the schema says.
    static func badRequest(_ code: ErrorCode, _ message: String) -> APIError {
        APIError(.badRequest, code: code, message)
    }
    /// 401 for a missing, unknown or expired access token.
    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, code: .unauthorized, message)
    }
    /// 404 for a resource that does not exist (or is someone else's).
    static func notFound(_ message: String) -> APIError { APIError(.notFound, code: .notFound, message) }

    /// 429 from a rate limiter, with `Retry-After`.
    static func rateLimited(retryAfter seconds: Int) -> APIError {
        var error = APIError(.tooManyRequests, code: .rateLimited, "too many requests; retry after \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    /// The JSON body, `{"code": ..., "message": ...}` (the document's `Error`).
    var bodyBytes: [UInt8] {
        // Two strings cannot fail to encode; the fallback keeps the answer JSON regardless.
        (try? Array(WireEncoding.compact(Components.Schemas._Error(code: code, message: message))))
            ?? Array(#"{"code":"internal","message":""}"#.utf8)
    }

    /// The JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = Response.jsonContentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bodyBytes)))
    }
}

import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every error answer (status 400 and above) into a ``TidepoolClientError``: the `Error`
/// schema's `code` and `message` from the body, `Retry-After` for 429. A body that is not the
/// `Error` schema gives ``TidepoolClientError/unexpectedStatus(operation:status:)``.
struct ErrorMiddleware: ClientMiddleware {
    /// The `Error` schema's members.
    private struct Body: Decodable {
        var code: String
        var message: String
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        let status = response.status.code
        guard status >= 400 else { return (response, responseBody) }
        let bytes: Data =
            if let responseBody { (try? await Data(collecting: responseBody, upTo: 1 << 16)) ?? Data() } else
            { Data() }
        guard let error = try? JSONDecoder().decode(Body.self, from: bytes) else {
            throw TidepoolClientError.unexpectedStatus(operation: operationID, status: status)
        }
        let retryAfter = response.headerFields[.retryAfter].flatMap { Int($0) }
        throw TidepoolClientError(
            status: status, code: error.code, message: error.message, retryAfter: retryAfter)
    }
}

import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds `Authorization: Bearer <access token>` to the calls that take one. Registration,
/// refresh and login never carry it; the anonymous report never passes through this middleware
/// at all (it has its own transport).
struct BearerMiddleware: ClientMiddleware {
    /// The current access token, or nil before registration.
    let accessToken: @Sendable () async -> String?

    /// Operations sent without a bearer token.
    static let unauthenticated: Set<String> = [
        "post/v1/auth/anonymous", "post/v1/auth/refresh", "post/v1/auth/login", "post/v1/tidepool/presence",
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if !Self.unauthenticated.contains(operationID), let token = await accessToken() {
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        return try await next(request, body, baseURL)
    }
}

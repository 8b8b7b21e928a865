import Foundation
import Hummingbird
import Logging

/// The outermost middleware: turns every error into a JSON `{code, message}` body, applies the
/// per-client rate limit, counts the request for `/metrics`, and logs one line per request
/// with the route *template*, the status and the duration — never the path's values, the
/// query, headers, bodies or the client (so no tile id, coordinate or token meets an identity
/// in the logs).
struct ServerMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let services: ServerServices

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            if let client = context.clientAddress,
                let wait = services.clientLimiter.take(client, now: services.limiterClock())
            {
                var error = APIError(
                    .tooManyRequests, code: "rate_limited", "too many requests; retry after \(wait) s")
                error.headers[.retryAfter] = String(wait)
                throw error
            }
            response = try await next(request, context)
        } catch {
            response = try Self.errorResponse(error, request: request, context: context)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let route = context.endpointPath ?? "unmatched"
        services.metrics.request(
            route: route, method: request.method.rawValue, status: response.status.code, seconds: seconds)
        services.logger.info(
            "request",
            metadata: [
                "route": .string(route), "method": .string(request.method.rawValue),
                "status": .stringConvertible(response.status.code),
                "ms": .string(String(format: "%.2f", seconds * 1_000)),
            ])
        return response
    }

    /// The JSON error answer for any error.
    static func errorResponse(_ error: any Error, request: Request, context: Context) throws -> Response {
        let apiError: APIError
        switch error {
        case let error as APIError: apiError = error
        case let error as HTTPError:
            let code =
                switch error.status {
                case .notFound: "not_found"
                case .methodNotAllowed: "method_not_allowed"
                case .contentTooLarge: "body_too_large"
                case .badRequest: "bad_request"
                default: "http_\(error.status.code)"
                }
            apiError = APIError(
                error.status, code: code,
                error.body ?? (error.status == .notFound ? "no such route" : error.status.reasonPhrase))
        default:
            apiError = APIError(.internalServerError, code: "internal", "internal error")
        }
        return try apiError.response(from: request, context: context)
    }
}

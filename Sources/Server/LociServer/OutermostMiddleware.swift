import Foundation
import Hummingbird
import LociAPI
import Logging
import OpenAPIRuntime

/// The outermost middleware: turns every error into a JSON `{code, message}` body, applies the
/// per-client rate limit, counts the request for `/metrics` (and as in flight while it runs), and logs one line per request
/// with the route *template*, the status and the duration — never the path's values, the
/// query, headers, bodies or the client (so no tile id, coordinate or token meets an identity
/// in the logs).
/// (Not `ServerMiddleware`: that is swift-openapi-runtime's protocol, which the generated
/// `registerHandlers` names.)
struct OutermostMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let services: ServerServices

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        services.metrics.requestStarted()
        defer { services.metrics.requestEnded() }
        var response: Response
        do {
            if let client = context.clientAddress,
                let wait = services.clientLimiter.take(client, now: services.limiterClock())
            {
                throw APIError.rateLimited(retryAfter: wait)
            }
            response = try await Self.withDeadline(services.configuration.requestDeadlineSeconds) {
                try await next(request, context)
            }
        } catch {
            let answer = APIError(answering: error)
            services.countIngestRefusal(error, answer)
            response = try answer.response(from: request, context: context)
        }
        services.recordRequest(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue,
            status: response.status.code, elapsed: ContinuousClock.now - started)
        return response
    }

    /// `body`'s result, or ``APIError/deadlineExceeded`` when it has not finished within
    /// `seconds`: `body` is then cancelled, and this returns once it has stopped (work that
    /// observes cancellation stops within one batch, so its core is freed).
    static func withDeadline(
        _ seconds: Double, _ body: () async throws -> Response
    ) async throws -> Response {
        // The group waits for both children before it returns, so `body` never outlives this call.
        try await withoutActuallyEscaping(body) { escapable in
            nonisolated(unsafe) let body = escapable
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    // Cancelled (the server shutting down past its grace): the same 503.
                    try? await Task.sleep(for: .seconds(seconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    throw APIError.deadlineExceeded
                }
                return response
            }
        }
    }
}

extension ServerServices {
    /// Counts a finished request for `/metrics` and logs its line: the route template, the
    /// method, the status and the duration, nothing else (``OutermostMiddleware`` ends every
    /// request here).
    ///
    /// Accepted ingest is logged at `debug`, and summed up once a minute at `info`
    /// (``IngestSummary``): at the expected ~1,000 a second, a line each would be the largest
    /// single cost of the route (≈ 30 µs) and 86 million lines a day saying "accepted".
    /// Refusals keep their line at `info`.
    /// An accepted report is not counted or timed (``ServerMetrics`` says why).
    func recordRequest(route: String, method: String, status: Int, elapsed: Duration) {
        if ServerMetrics.isCounted(route: route, status: status, presenceRoute: GeneratedRoutes.presencePath) {
            metrics.request(route: route, method: method, status: status, elapsed: elapsed)
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let level: Logger.Level = status == 202 && route == GeneratedRoutes.presencePath ? .debug : .info
        logger.log(
            level: level, "request",
            metadata: [
                "route": .string(route), "method": .string(method), "status": .stringConvertible(status),
                "ms": .string(Self.milliseconds(seconds)),
            ])
    }

    /// Counts an ingest body the generated decoder refused for `/metrics` (the handler counts
    /// its own outcomes: ``LociAPIHandler/postV1TidepoolPresence(_:)``).
    func countIngestRefusal(_ error: any Error, _ answer: APIError) {
        guard let error = error as? ServerError, error.operationID == Operations.PostV1TidepoolPresence.id,
            error.underlyingError is DecodingError
        else { return }
        metrics.ingest(answer.code.rawValue)
    }

    /// `seconds` as milliseconds with two decimals (`"0.04"`, `"12.50"`), without `String(format:)`.
    static func milliseconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "0.00" }
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

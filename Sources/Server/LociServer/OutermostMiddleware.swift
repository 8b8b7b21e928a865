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
            var request = request
            // The body's own budget (408), inside the request's deadline (503).
            let bodyTimer =
                BodyTimer.hasBody(request) ? BodyTimer(seconds: services.configuration.bodyTimeoutSeconds) : nil
            if let bodyTimer { request.body = bodyTimer.wrap(request.body) }
            response = try await Self.withDeadline(services.configuration.requestDeadlineSeconds, body: bodyTimer) {
                try await next(request, context)
            }
        } catch {
            let answer = APIError(answering: error)
            services.countIngestRefusal(error, answer)
            response = try answer.response(from: request, context: context)
            // A body too slow: the rest of it is not waited for.
            if answer.status == .requestTimeout { BodyLimitMiddleware.closeInput(after: &response, context: context) }
        }
        services.recordRequest(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue,
            status: response.status.code, elapsed: ContinuousClock.now - started)
        return response
    }

    /// `work`'s result, or ``APIError/deadlineExceeded`` when it has not finished within
    /// `seconds`, or ``APIError/bodyTimeout(_:)`` when it is still waiting for its body when
    /// `body`'s budget ends: `work` is then cancelled, and this returns once it has stopped (work
    /// that observes cancellation stops within one batch, so its core is freed).
    static func withDeadline(
        _ seconds: Double, body: BodyTimer? = nil, _ work: () async throws -> Response
    ) async throws -> Response {
        /// What a child of the group ends with.
        enum Outcome {
            case answered(Response)
            case deadline
            case bodyTimeout
            /// The body arrived in time (or was not being read when its budget ended: the next
            /// read throws).
            case bodyWatched
        }
        // The group waits for every child before it returns, so `work` never outlives this call.
        return try await withoutActuallyEscaping(work) { escapable in
            nonisolated(unsafe) let work = escapable
            return try await withThrowingTaskGroup(of: Outcome.self) { group in
                group.addTask { .answered(try await work()) }
                group.addTask {
                    // Cancelled (the server shutting down past its grace): the same 503.
                    try? await Task.sleep(for: .seconds(seconds))
                    return .deadline
                }
                if let body {
                    group.addTask {
                        do { try await Task.sleep(for: .seconds(body.seconds)) } catch { return .bodyWatched }
                        return body.expire() ? .bodyTimeout : .bodyWatched
                    }
                }
                defer { group.cancelAll() }
                while let outcome = try await group.next() {
                    switch outcome {
                    case .answered(let response): return response
                    case .deadline: throw APIError.deadlineExceeded
                    case .bodyTimeout: throw APIError.bodyTimeout(body?.seconds ?? seconds)
                    case .bodyWatched: continue
                    }
                }
                throw APIError.deadlineExceeded
            }
        }
    }
}

extension ServerServices {
    /// Counts a finished request for `/metrics` and logs its line: the route template, the
    /// method, the status and the duration, nothing else (``OutermostMiddleware`` ends every
    /// request here).
    ///
    /// Accepted ingest is logged at `debug` only, and not counted at `info` (``IngestSummary`` sums
    /// refusals only: an exact count of accepted reports is an unnoised statistic of them); at the
    /// expected ~1,000 a second, a line each would also be the largest single cost of the route
    /// (≈ 30 µs) and 86 million lines a day saying "accepted".
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

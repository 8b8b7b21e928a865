import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Retries transient failures within a ``RetryPolicy``: a thrown transport error, 429 (waiting
/// `Retry-After` when given), 502, 503, 504. Every other answer is returned as it came.
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy

    /// Statuses worth another attempt.
    static let transientStatuses: Set<Int> = [429, 502, 503, 504]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // Buffered once, so every attempt sends the same bytes (request bodies are small JSON).
        let bytes: Data? = if let body { try await Data(collecting: body, upTo: 1 << 20) } else { nil }
        var attempt = 1
        while true {
            let answer: (HTTPResponse, HTTPBody?)
            do {
                answer = try await next(request, bytes.map { HTTPBody($0) }, baseURL)
            } catch {
                if error is CancellationError || attempt >= policy.maxAttempts { throw error }
                try await policy.sleep(policy.backoff(retry: attempt))
                attempt += 1
                continue
            }
            let status = answer.0.status.code
            guard Self.transientStatuses.contains(status), attempt < policy.maxAttempts else { return answer }
            var delay = policy.backoff(retry: attempt)
            if status == 429, let header = answer.0.headerFields[.retryAfter], let seconds = Double(header) {
                guard seconds <= policy.maxRetryAfter else { return answer }
                delay = max(seconds, 0)
            }
            try await policy.sleep(delay)
            attempt += 1
        }
    }
}

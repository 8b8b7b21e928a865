import Foundation
import Hummingbird
import Logging

/// ``buildApplication(_:onRunning:)``'s answers without a socket, for tests that are about
/// routes: the router of ``buildRouter(_:)`` (every route under the outermost middleware: rate
/// limits, deadline, metrics, the request's log line, errors as JSON) and what the application
/// adds to every answer — the `Date` and `Server` headers, and a bodiless 500 for an error that
/// escapes the router. The router is built once.
///
/// What it cannot show is the connection: HTTP parsing and framing, keep-alive and pipelining,
/// the listener, graceful shutdown. Tests of those run the application on a loopback port.
public struct InProcessApplication: Sendable {
    private let responder: RouterResponder<ServerRequestContext>
    private let logger: Logger

    /// The application over `services`.
    public init(_ services: ServerServices) {
        responder = buildRouter(services).buildResponder()
        var logger = services.logger
        logger.logLevel = .notice  // As ``buildApplication(_:onRunning:)`` sets it.
        self.logger = logger
    }

    /// The metrics listener's application over `services` (``buildMetricsRouter(_:)``).
    public init(metricsOf services: ServerServices) {
        responder = buildMetricsRouter(services).buildResponder()
        var logger = services.logger
        logger.logLevel = .notice
        self.logger = logger
    }

    /// Answers `request` as the application does over a socket; `clientAddress` is the peer's
    /// IP address (what the per-client rate limits key on; `nil` as for a peer without one).
    public func respond(to request: Request, clientAddress: String?) async -> Response {
        let context = ServerRequestContext(clientAddress: clientAddress, logger: logger)
        var response: Response
        do { response = try await responder.respond(to: request, context: context) } catch {
            // What Hummingbird's application does with an error the router lets through.
            response = Response(status: .internalServerError)
        }
        response.headers[.date] = Self.httpDate(Date())
        response.headers[.server] = LociServerName.value
        return response
    }

    /// `date` as an HTTP date (RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

extension ServerRequestContext {
    /// The context of a request answered in process (``InProcessApplication``): no channel, the
    /// peer's address given.
    init(clientAddress: String?, logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
        self.clientAddress = clientAddress
        channel = nil
    }
}

/// The context source of a request without a channel: only its logger.
private struct InProcessSource: RequestContextSource {
    var logger: Logger
}

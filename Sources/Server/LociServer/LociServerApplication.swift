import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import Logging
import ServiceLifecycle
import TidepoolEpochs

/// Every route under one middleware that rate limits, logs without identity and answers
/// errors as JSON: the JSON routes generated from openapi.yaml (``GeneratedRoutes``), and the
/// hand-written ones (the page, `/openapi.yaml`, the PNG tiles, identify). `/metrics` is on
/// a listener of its own (``buildMetricsApplication(_:address:onRunning:)``).
public func buildRouter(_ services: ServerServices) -> Router<ServerRequestContext> {
    // HEAD on a GET route answers as GET without the body (it was 404).
    let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.middlewares.add(OutermostMiddleware(services: services))
    router.middlewares.add(BodyLimitMiddleware())
    GeneratedRoutes.add(to: router, services: services)
    InfoRoutes(services: services).add(to: router)
    TileRoutes(services: services).add(to: router)
    BaseTileRoutes(services: services).add(to: router)
    IdentifyRoutes(services: services).add(to: router)
    AreaRoutes(services: services).add(to: router)
    return router
}

/// Builds the HTTP application for `services` (``buildRouter(_:)``). Used by `loci serve` and
/// the tests.
/// - Parameter onRunning: called with the bound port once the server listens (port 0 picks one).
public func buildApplication(
    _ services: ServerServices, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = buildRouter(services)
    var logger = services.logger
    logger.logLevel = .notice  // Hummingbird's own lines stay quiet; ours go through `services.logger`.
    // A connection with no request in progress (silent since it opened, a header cut short, idle
    // keep-alive) or a body stalled for this long is closed, so held sockets cannot pile up to
    // the file limit.
    let cap = ConnectionCap(maximum: services.configuration.maximumConnections)
    let idle = TimeAmount.milliseconds(Int64((services.configuration.idleTimeoutSeconds * 1000).rounded()))
    // A head trickled inside every idle window is closed when it has taken this long.
    let header = TimeAmount.milliseconds(Int64((services.configuration.headerTimeoutSeconds * 1000).rounded()))
    return Application(
        router: router,
        server: .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [cap.handler(), HeaderTimeoutHandler(timeout: header)], idleTimeout: idle)),
        configuration: .init(
            address: .hostname(services.configuration.host, port: services.configuration.port),
            serverName: LociServerName.value),
        onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
        logger: logger)
}

/// The metrics listener at `address`: ``buildMetricsRouter(_:)`` only.
/// - Parameter onRunning: called with the bound address (`host:port`) once it listens.
public func buildMetricsApplication(
    _ services: ServerServices, address: MetricsAddress,
    onRunning: @escaping @Sendable (MetricsAddress) async -> Void = { _ in }
) -> some ApplicationProtocol {
    var logger = services.logger
    logger.logLevel = .notice
    let idle = TimeAmount.milliseconds(Int64((services.configuration.idleTimeoutSeconds * 1000).rounded()))
    return Application(
        router: buildMetricsRouter(services),
        server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: idle)),
        configuration: .init(address: .hostname(address.host, port: address.port), serverName: LociServerName.value),
        onServerRunning: { channel in
            await onRunning(MetricsAddress(host: address.host, port: channel.localAddress?.port ?? address.port))
        },
        logger: logger)
}

/// The `Server` header's value.
enum LociServerName {
    static let value = "loci"
}

/// Runs the server until SIGTERM or SIGINT: the application and the epoch ticker beside it, in
/// one service group. On the signal the listener closes at once, requests in flight may finish
/// for ``ServerConfiguration/shutdownGraceSeconds``, then the rest are cancelled (they answer
/// 503 or their connection closes) and this returns, so the process exits 0. The metrics
/// listener (``ServerConfiguration/metricsAddress``) runs beside it when configured.
/// - Parameters:
///   - onRunning: called with the public listener's port once it listens.
///   - onMetricsRunning: called with the metrics listener's address once it listens.
public func runServer(
    _ services: ServerServices, onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
    onMetricsRunning: @escaping @Sendable (MetricsAddress) async -> Void = { _ in }
)
    async throws
{
    let app = buildApplication(services, onRunning: onRunning)
    let ticker = EpochTicker(engine: services.engine, logger: services.logger, metrics: services.metrics)
    // Shut down in reverse: the ticker first, then the servers (which drain their requests).
    // The ticker returns at the signal; by default a service's return cancels the whole group,
    // which would cancel the requests still draining, so its return only asks for the graceful
    // shutdown already under way.
    var members: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: app)]
    if let address = services.configuration.metricsAddress {
        members.append(
            .init(service: buildMetricsApplication(services, address: address, onRunning: onMetricsRunning)))
    }
    members.append(.init(service: ticker, successTerminationBehavior: .gracefullyShutdownGroup))
    var configuration = ServiceGroupConfiguration(
        services: members,
        gracefulShutdownSignals: [.sigterm, .sigint], logger: services.logger)
    configuration.maximumGracefulShutdownDuration = .seconds(services.configuration.shutdownGraceSeconds)
    try await ServiceGroup(configuration: configuration).run()
}

/// Calls ``TidepoolEngine/tick()`` every second until cancelled; failures are logged (without
/// any tile data) and retried on the next tick. With `metrics`, also logs ``IngestSummary``'s
/// line (refusals only) when one is due.
struct EpochTicker: Service {
    let engine: TidepoolEngine
    let logger: Logger
    var metrics: ServerMetrics?

    /// Ticks until the service group shuts down gracefully or is cancelled.
    func run() async throws {
        await cancelWhenGracefulShutdown { await tick() }
    }

    /// Ticks until cancelled.
    func tick() async {
        var summary = IngestSummary()
        while !Task.isCancelled {
            do { try await engine.tick() } catch {
                logger.error(
                    "epoch tick failed; retrying",
                    metadata: ["error": .string(String(describing: type(of: error)))])
            }
            if let metrics, let line = summary.line(at: .now, counts: metrics.ingestCounts()) {
                logger.info("ingest", metadata: line)
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

/// Once a minute, the refused ingest since the last line: `refused=M` and the count of each
/// refusal code. Nothing when nothing was refused.
///
/// Accepted reports are not in it (issue 33): an exact count of accepted reports per minute is an
/// unnoised statistic of the very reports the releases protect with noise, finer in time than any
/// release, and a log is read by more people than the releases' guarantee was planned for.
/// Coarsening it (per epoch, rounded) would still be exact, not noised, so it is dropped, like
/// the `/metrics` counter before it. Refusals count nothing and stay.
struct IngestSummary {
    /// Time between lines.
    static let interval = Duration.seconds(60)
    private var last: ContinuousClock.Instant?
    private var previous: [String: Int] = [:]
    /// The outcome of an accepted report, never logged.
    static let accepted = "accepted"

    /// The metadata of the line due at `now` given the cumulative `counts`, or `nil`.
    mutating func line(at now: ContinuousClock.Instant, counts: [String: Int]) -> Logger.Metadata? {
        guard let last else {
            self.last = now
            previous = counts
            return nil
        }
        guard now - last >= Self.interval else { return nil }
        self.last = now
        defer { previous = counts }
        var delta: [String: Int] = [:]
        for (outcome, count) in counts where outcome != Self.accepted && count != previous[outcome, default: 0] {
            delta[outcome] = count - previous[outcome, default: 0]
        }
        guard !delta.isEmpty else { return nil }
        var metadata: Logger.Metadata = [
            "refused": .stringConvertible(delta.values.reduce(0, +)),
            "seconds": .stringConvertible(Int((now - last).components.seconds)),
        ]
        for (outcome, count) in delta {
            metadata["refused_\(outcome)"] = .stringConvertible(count)
        }
        return metadata
    }
}

import Foundation
import Hummingbird
import Logging
import NIOPosix

/// Every route under one middleware that rate limits, logs without identity and answers
/// errors as JSON.
public func buildRouter(_ services: ServerServices) -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self)
    router.middlewares.add(ServerMiddleware(services: services))
    InfoRoutes(services: services).add(to: router)
    AccountRoutes(services: services).add(to: router)
    ProfileRoutes(services: services).add(to: router)
    TidepoolRoutes(services: services).add(to: router)
    HeatRoutes(services: services).add(to: router)
    TileRoutes(services: services).add(to: router)
    PlaceRoutes(services: services).add(to: router)
    FavouriteRoutes(services: services).add(to: router)
    IdentifyRoutes(services: services).add(to: router)
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
    return Application(
        router: router,
        configuration: .init(
            address: .hostname(services.configuration.host, port: services.configuration.port),
            serverName: "loci"),
        onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
        eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
        logger: logger)
}

/// Runs the server until SIGTERM or SIGINT: the application (which finishes in-flight requests
/// before it returns) and the epoch ticker beside it. The ticker stops when the server does.
public func runServer(
    _ services: ServerServices, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
)
    async throws
{
    let app = buildApplication(services, onRunning: onRunning)
    let threads = services.configuration.handlerThreads
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            try await withHandlerThreads(threads, group: .singleton) { try await app.runService() }
        }
        group.addTask { await EpochTicker(engine: services.engine, logger: services.logger).run() }
        try await group.next()
        group.cancelAll()
    }
}

/// Calls ``TidepoolEngine/tick()`` every second until cancelled; failures are logged (without
/// any tile data) and retried on the next tick.
struct EpochTicker {
    let engine: TidepoolEngine
    let logger: Logger

    func run() async {
        while !Task.isCancelled {
            do { try await engine.tick() } catch {
                logger.error(
                    "epoch tick failed; retrying",
                    metadata: ["error": .string(String(describing: type(of: error)))])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

import ArgumentParser
import Foundation
import LociServer
import Logging
import Synchronization

/// `loci serve`: the Tidepool and places backend on the embedded default (docs/server.md).
/// Its flags take their names and help from ``ServerSetting``, which describes every setting once.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Tidepool and places HTTP server (SQLite, no other service needed).",
        discussion: """
            With no options: listens on 127.0.0.1:8080 and keeps its data in $LOCI_DATA_DIR (the \
            folder scripts/fetch-data fills); the place store must exist (scripts/serve makes it \
            with loci import). Flags override the environment (\
            \(ServerSetting.all.map(\.environment).joined(separator: ", "))). SIGTERM or Ctrl-C \
            stops it after in-flight requests finish.
            """
    )

    @Option(name: .customLong(ServerSetting.host.flag!), help: ServerSetting.host.argumentHelp)
    var host: String?
    @Option(name: .customLong(ServerSetting.port.flag!), parsing: .unconditional, help: ServerSetting.port.argumentHelp)
    var port: String?
    @Option(name: .customLong(ServerSetting.dataDirectory.flag!), help: ServerSetting.dataDirectory.argumentHelp)
    var dataDirectory: String?
    @Option(name: .customLong(ServerSetting.places.flag!), help: ServerSetting.places.argumentHelp)
    var places: String?
    @Option(name: .customLong(ServerSetting.epochSeconds.flag!), parsing: .unconditional, help: ServerSetting.epochSeconds.argumentHelp)
    var epochSeconds: String?
    @Option(
        name: .customLong(ServerSetting.tileDomain.flag!),
        help: ServerSetting.tileDomain.argumentHelp(valueName: "places|reported"))
    var tileDomain: String?
    @Option(name: .customLong(ServerSetting.epsilon.flag!), parsing: .unconditional, help: ServerSetting.epsilon.argumentHelp)
    var epsilon: String?
    @Option(name: .customLong(ServerSetting.delta.flag!), parsing: .unconditional, help: ServerSetting.delta.argumentHelp)
    var delta: String?
    @Option(name: .customLong(ServerSetting.dailyEpochs.flag!), parsing: .unconditional, help: ServerSetting.dailyEpochs.argumentHelp)
    var dailyEpochs: String?
    @Option(
        name: .customLong(ServerSetting.keyAheadEpochs.flag!), parsing: .unconditional,
        help: ServerSetting.keyAheadEpochs.argumentHelp)
    var keyAheadEpochs: String?
    @Option(name: .customLong(ServerSetting.kMin.flag!), parsing: .unconditional, help: ServerSetting.kMin.argumentHelp)
    var kMin: String?
    @Option(name: .customLong(ServerSetting.sensitiveAreas.flag!), help: ServerSetting.sensitiveAreas.argumentHelp)
    var sensitiveAreas: String?
    @Option(name: .customLong(ServerSetting.facetCodebook.flag!), help: ServerSetting.facetCodebook.argumentHelp)
    var facetCodebook: String?
    @Option(name: .customLong(ServerSetting.node.flag!), help: ServerSetting.node.argumentHelp)
    var node: String?
    @Flag(
        name: .customLong(ServerSetting.developmentAttestation.flag!),
        help: ServerSetting.developmentAttestation.argumentHelp)
    var developmentAttestation = false
    @Option(name: .customLong(ServerSetting.appAttestAppIDs.flag!), help: ServerSetting.appAttestAppIDs.argumentHelp)
    var appAttestAppIDs: String?
    @Option(
        name: .customLong(ServerSetting.appAttestEnvironments.flag!),
        help: ServerSetting.appAttestEnvironments.argumentHelp)
    var appAttestEnvironment: String?
    @Option(
        name: .customLong(ServerSetting.aircraftFeed.flag!),
        help: ServerSetting.aircraftFeed.argumentHelp(valueName: "URL|opensky"))
    var aircraftFeed: String?
    @Option(name: .customLong(ServerSetting.landmarks.flag!), help: ServerSetting.landmarks.argumentHelp)
    var landmarks: String?
    @Option(name: .customLong(ServerSetting.airports.flag!), help: ServerSetting.airports.argumentHelp)
    var airports: String?
    @Option(name: .customLong(ServerSetting.areas.flag!), help: ServerSetting.areas.argumentHelp)
    var areas: String?
    @Option(
        name: .customLong(ServerSetting.requestDeadline.flag!), parsing: .unconditional,
        help: ServerSetting.requestDeadline.argumentHelp)
    var requestDeadline: String?
    @Option(
        name: .customLong(ServerSetting.bodyTimeout.flag!), parsing: .unconditional,
        help: ServerSetting.bodyTimeout.argumentHelp)
    var bodyTimeout: String?
    @Option(
        name: .customLong(ServerSetting.headerTimeout.flag!), parsing: .unconditional,
        help: ServerSetting.headerTimeout.argumentHelp)
    var headerTimeout: String?
    @Option(
        name: .customLong(ServerSetting.idleTimeout.flag!), parsing: .unconditional,
        help: ServerSetting.idleTimeout.argumentHelp)
    var idleTimeout: String?
    @Option(
        name: .customLong(ServerSetting.maximumConnections.flag!), parsing: .unconditional,
        help: ServerSetting.maximumConnections.argumentHelp)
    var maximumConnections: String?
    @Option(
        name: .customLong(ServerSetting.shutdownGrace.flag!), parsing: .unconditional,
        help: ServerSetting.shutdownGrace.argumentHelp)
    var shutdownGrace: String?
    @Option(name: .customLong(ServerSetting.metricsAddress.flag!), help: ServerSetting.metricsAddress.argumentHelp)
    var metricsAddress: String?

    /// Each flag's value beside the setting it sets.
    var flagValues: [(ServerSetting, String?)] {
        [
            (.host, host), (.port, port), (.dataDirectory, dataDirectory), (.places, places),
            (.epochSeconds, epochSeconds), (.tileDomain, tileDomain), (.epsilon, epsilon), (.delta, delta), (.dailyEpochs, dailyEpochs),
            (.keyAheadEpochs, keyAheadEpochs),
            (.kMin, kMin), (.sensitiveAreas, sensitiveAreas), (.facetCodebook, facetCodebook), (.node, node),
            (.developmentAttestation, developmentAttestation ? "1" : nil), (.appAttestAppIDs, appAttestAppIDs),
            (.appAttestEnvironments, appAttestEnvironment), (.aircraftFeed, aircraftFeed), (.landmarks, landmarks),
            (.airports, airports), (.areas, areas), (.requestDeadline, requestDeadline), (.bodyTimeout, bodyTimeout),
            (.headerTimeout, headerTimeout), (.idleTimeout, idleTimeout),
            (.maximumConnections, maximumConnections), (.shutdownGrace, shutdownGrace),
            (.metricsAddress, metricsAddress),
        ]
    }

    /// Refuses a flag's path that cannot be what it names, before the server opens it.
    func checkPaths() throws {
        if let dataDirectory { try FileArgument.writableFolder(dataDirectory, option: "--data-dir") }
        if let places { try FileArgument.readable(places, option: "--places", expected: "a place database made by loci import") }
        if let facetCodebook {
            try FileArgument.readable(facetCodebook, option: "--facet-codebook", expected: "a facet codebook file")
        }
        if let landmarks { try FileArgument.readable(landmarks, option: "--landmarks", expected: "a Wikidata landmarks CSV") }
        if let airports { try FileArgument.readable(airports, option: "--airports", expected: "airports.csv") }
        if let areas { try FileArgument.readableFolder(areas, option: "--areas") }
        if let sensitiveAreas {
            try FileArgument.readable(sensitiveAreas, option: "--sensitive-areas", expected: "a sensitive-areas file")
        }
    }

    /// The settings: defaults, then `environment`, then the flags.
    func settings(environment: [String: String]) throws -> ServerConfiguration {
        var settings = ServerConfiguration(dataDirectory: LociPaths.dataDirectory)
        do {
            try settings.apply(environment: environment)
            try settings.apply(flags: flagValues)
        } catch {
            throw InputError(error.description)
        }
        return settings
    }

    func run() async throws {
        try checkPaths()
        let settings = try settings(environment: ProcessInfo.processInfo.environment)
        if let host { try HostArgument.check(host, option: "--host") }
        var logger = Logger(label: "loci.server") { label in LineLogHandler(label: label) }
        logger.logLevel = settings.logLevel
        // A run that fails before it listens (a bad file, a taken port) removes the server
        // database it created, so a failed command leaves nothing behind.
        let created = settings.databaseURL == nil && !FileManager.default.fileExists(atPath: settings.serverDatabasePath)
        let listening = ListeningFlag()
        do {
            try await serve(settings, logger: logger, listening: listening)
        } catch {
            if created && !listening.isSet {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: settings.serverDatabasePath + suffix)
                }
            }
            throw error
        }
    }

    private func serve(_ settings: ServerConfiguration, logger: Logger, listening: ListeningFlag) async throws {
        let services: ServerServices
        do { services = try await ServerServices.make(settings, logger: logger) } catch let error
            as ServerConfigurationError
        {
            throw InputError(error.description)
        }
        if settings.developmentAttestation {
            logger.warning(
                "development attestation: any non-empty string registers a device, so registrations and tokens are free; never run a public server like this"
            )
        }
        logger.notice("registration", metadata: ["attestation": "\(services.attestation.summary)"])
        let host = settings.host
        try await runServer(
            services,
            onRunning: { port in
                listening.set()
                // One line on stdout that scripts and tests wait for.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            },
            onMetricsRunning: { address in
                // The metrics listener's line (its port is free-picked by default).
                FileHandle.standardOutput.write(Data("metrics on http://\(address)/metrics\n".utf8))
            })
    }
}

extension ServerSetting {
    /// The flag's help: the description's sentence, its default and its variable.
    var argumentHelp: ArgumentHelp {
        ArgumentHelp("\(help) Default: \(defaultValue.replacingOccurrences(of: "`", with: "")); env \(environment).")
    }

    /// ``argumentHelp`` with the value's name in the usage line (`--aircraft-feed <URL|opensky>`).
    func argumentHelp(valueName: String) -> ArgumentHelp {
        var help = argumentHelp
        help.valueName = valueName
        return help
    }
}

/// Whether the server got as far as listening (set once, from the server's task).
private final class ListeningFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }

    var isSet: Bool { value.withLock { $0 } }
}

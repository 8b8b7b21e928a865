import ArgumentParser
import Foundation
import LociServer
import Logging

/// `loci serve`: the Tidepool and places backend on the embedded default (docs/server.md).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Tidepool and places HTTP server (SQLite, no other service needed).",
        discussion: """
            With no options: listens on 127.0.0.1:8080, keeps its data in $LOCI_DATA_DIR (the \
            folder scripts/fetch-data fills) and imports the Helsinki sample extract into the \
            place store on first start. Flags override the environment (PORT, LOCI_HOST, \
            LOCI_DATA_DIR, LOCI_PLACES, DATABASE_URL, LOCI_EPOCH_SECONDS, LOCI_EPSILON, \
            LOCI_DELTA, LOCI_K_MIN, LOCI_SENSITIVE_AREAS, LOCI_NODE). SIGTERM or Ctrl-C stops \
            it after in-flight requests finish.
            """
    )

    @Option(help: "Address to listen on.") var host: String?
    @Option(help: "TCP port (0 picks a free one).") var port: Int?
    @Option(name: .customLong("data-dir"), help: "Data directory.") var dataDirectory: String?
    @Option(help: "Place store (default <data dir>/places.sqlite).") var places: String?
    @Option(name: .customLong("epoch-seconds"), help: "Epoch length in seconds (60...86400).")
    var epochSeconds: Int64?
    @Option(help: "ε per person per epoch.") var epsilon: Double?
    @Option(help: "δ per person per epoch.") var delta: Double?
    @Option(name: .customLong("k-min"), help: "The smallest public count.") var kMin: Int?
    @Option(name: .customLong("sensitive-areas"), help: "JSON file of extra sensitive areas.")
    var sensitiveAreas: String?
    @Option(help: "This node's name (scale mode).") var node: String?

    func run() async throws {
        var settings = ServerConfiguration(dataDirectory: LociPaths.dataDirectory)
        try settings.apply(environment: ProcessInfo.processInfo.environment)
        if let host { settings.host = host }
        if let port { settings.port = port }
        if let dataDirectory {
            settings.dataDirectory = URL(fileURLWithPath: (dataDirectory as NSString).expandingTildeInPath)
        }
        if let places { settings.placesPath = places }
        if let epochSeconds { settings.epochSeconds = epochSeconds }
        if let epsilon { settings.epsilon = epsilon }
        if let delta { settings.delta = delta }
        if let kMin { settings.kMin = kMin }
        if let sensitiveAreas { settings.sensitiveAreasPath = sensitiveAreas }
        if let node { settings.nodeName = node }
        var logger = Logger(label: "loci.server") { label in LineLogHandler(label: label) }
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .info
        let services: ServerServices
        do { services = try await ServerServices.make(settings, logger: logger) } catch let error
            as ServerConfigurationError
        {
            throw InputError(error.description)
        }
        let host = settings.host
        try await runServer(services) { port in
            // One line on stdout that scripts and tests wait for.
            FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
        }
    }
}

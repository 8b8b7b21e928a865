import Foundation
import HeatAggregation
import Logging

extension ServerSetting {
    /// Every setting `loci serve` reads, in the order the help and the docs list them.
    public static let all: [ServerSetting] = [
        host, port, dataDirectory, places, databaseURL, epochSeconds, tileDomain, epsilon, delta, dailyEpochs, keyAheadEpochs, kMin,
        sensitiveAreas,
        facetCodebook, node, rateLimitPerClient, rateLimitPerToken, registrationsPerMinute, developmentAttestation,
        appAttestAppIDs, appAttestEnvironments, aircraftFeed, landmarks, airports, areas, requestDeadline, bodyTimeout,
        headerTimeout, idleTimeout, maximumConnections, shutdownGrace, metricsAddress, logLevel,
    ]

    /// `--request-deadline`, `LOCI_REQUEST_DEADLINE`.
    public static let requestDeadline = number(
        flag: "request-deadline", environment: "LOCI_REQUEST_DEADLINE", defaultValue: "30",
        help: "Seconds a request may work before it is cancelled and answers 503.", example: "5",
        bounds: Bounds(above: 0, atMost: 3_600), \.requestDeadlineSeconds)

    /// `--body-timeout`, `LOCI_BODY_TIMEOUT`.
    public static let bodyTimeout = number(
        flag: "body-timeout", environment: "LOCI_BODY_TIMEOUT", defaultValue: "20",
        help: "Seconds a request's whole body may take to arrive after its head; a body still arriving then answers 408 and the connection closes.",
        example: "5", bounds: Bounds(above: 0, atMost: 3_600), \.bodyTimeoutSeconds)

    /// `--header-timeout`, `LOCI_HEADER_TIMEOUT`.
    public static let headerTimeout = number(
        flag: "header-timeout", environment: "LOCI_HEADER_TIMEOUT", defaultValue: "30",
        help: "Seconds a connection may take to send a request's complete head, from opening or the previous answer; then it is closed.",
        example: "10", bounds: Bounds(above: 0, atMost: 3_600), \.headerTimeoutSeconds)

    /// `--idle-timeout`, `LOCI_IDLE_TIMEOUT`.
    public static let idleTimeout = number(
        flag: "idle-timeout", environment: "LOCI_IDLE_TIMEOUT", defaultValue: "30",
        help: "Seconds a connection may stay silent (no request, a header cut short, idle keep-alive, a stalled body) before it is closed.",
        example: "10", bounds: Bounds(above: 0, atMost: 3_600), \.idleTimeoutSeconds)

    /// `--max-connections`, `LOCI_MAX_CONNECTIONS`.
    public static let maximumConnections = number(
        flag: "max-connections", environment: "LOCI_MAX_CONNECTIONS", defaultValue: "4096",
        help: "Connections served at once; past it a new connection's request is answered 503 with Retry-After and closed.",
        example: "1000", bounds: Bounds(atLeast: 1, atMost: 1_000_000), \.maximumConnections)

    /// `--shutdown-grace`, `LOCI_SHUTDOWN_GRACE`.
    public static let shutdownGrace = number(
        flag: "shutdown-grace", environment: "LOCI_SHUTDOWN_GRACE", defaultValue: "10",
        help: "Seconds requests in flight may finish after SIGTERM or SIGINT before they are cancelled.",
        example: "2", bounds: Bounds(atLeast: 0, atMost: 600), \.shutdownGraceSeconds)

    /// `--host`, `LOCI_HOST`.
    public static let host = text(
        flag: "host", environment: "LOCI_HOST", defaultValue: "`127.0.0.1`", help: "Address to listen on.",
        example: "0.0.0.0"
    ) { text, configuration in configuration.host = text }

    /// `--port`, `PORT`.
    public static let port = number(
        flag: "port", environment: "PORT", defaultValue: "`8080`", help: "TCP port (0 picks a free one).",
        example: "9123", bounds: Bounds(atLeast: 0, atMost: 65_535), \.port)

    /// `--data-dir`, `LOCI_DATA_DIR`.
    public static let dataDirectory = text(
        flag: "data-dir", environment: "LOCI_DATA_DIR", defaultValue: "`${XDG_DATA_HOME:-~/.local/share}/loci`",
        help: "Data directory (the server database; the place store by default).", example: "/srv/loci"
    ) { text, configuration in
        configuration.dataDirectory = URL(fileURLWithPath: (text as NSString).expandingTildeInPath)
    }

    /// `--places`, `LOCI_PLACES`.
    public static let places = text(
        flag: "places", environment: "LOCI_PLACES", defaultValue: "`<data dir>/places.sqlite`",
        help: "Place store made by loci import.", example: "/srv/places.sqlite"
    ) { text, configuration in configuration.placesPath = text }

    /// `DATABASE_URL` (no flag: the URL carries a password, which a command line would show to
    /// every user of the machine).
    public static let databaseURL = text(
        flag: nil, environment: "DATABASE_URL", defaultValue: "unset: embedded SQLite",
        help:
            "PostgreSQL for scale mode: postgres://user:password@host:port/database[?schema=NAME].",
        example: "postgres://loci:loci@127.0.0.1:5432/loci_test"
    ) { text, configuration throws(ServerSettingProblem) in
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw ServerSettingProblem("must start with postgres://")
        }
        configuration.databaseURL = text
    }

    /// `--epoch-seconds`, `LOCI_EPOCH_SECONDS`.
    public static let epochSeconds = number(
        flag: "epoch-seconds", environment: "LOCI_EPOCH_SECONDS", defaultValue: "3600",
        help: "Epoch length in seconds.", example: "120", bounds: Bounds(atLeast: 60, atMost: 86_400),
        \.epochSeconds)

    /// `--tile-domain`, `LOCI_TILE_DOMAIN`.
    public static let tileDomain = text(
        flag: "tile-domain", environment: "LOCI_TILE_DOMAIN", defaultValue: "`places`",
        help:
            "Tiles heat may show in: places (the place store's tiles, public, all noised; no release threshold δ) or reported (partition selection over the tiles with reports).",
        example: "reported"
    ) { text, configuration throws(ServerSettingProblem) in
        guard let choice = TileDomainChoice(rawValue: text.lowercased()) else {
            throw ServerSettingProblem("must be places or reported")
        }
        configuration.tileDomain = choice
    }

    /// `--epsilon`, `LOCI_EPSILON`.
    public static let epsilon = number(
        flag: "epsilon", environment: "LOCI_EPSILON", defaultValue: "2", help: "ε per person per day (zCDP, over the daily epochs).",
        example: "1", bounds: Bounds(above: 0, atMost: 100), \.epsilon)

    /// `--delta`, `LOCI_DELTA`.
    public static let delta = number(
        flag: "delta", environment: "LOCI_DELTA", defaultValue: "1e-5", help: "δ per person per day.",
        example: "1e-6", bounds: Bounds(above: 0, below: 0.01), \.delta)

    /// `--daily-epochs`, `LOCI_DAILY_EPOCHS`.
    public static let dailyEpochs = number(
        flag: "daily-epochs", environment: "LOCI_DAILY_EPOCHS", defaultValue: "\(HeatConfiguration.recommendedDailyEpochCap)",
        help: "Epochs a device may report in over any 24 hours (tokens per App Attest key); the default is every hourly epoch.",
        example: "4",
        bounds: Bounds(atLeast: 1, atMost: 1_440), \.dailyEpochs)

    /// `--key-ahead-epochs`, `LOCI_KEY_AHEAD_EPOCHS`.
    public static let keyAheadEpochs = number(
        flag: "key-ahead-epochs", environment: "LOCI_KEY_AHEAD_EPOCHS", defaultValue: "0",
        help: "Epochs whose blind-signing keys are made and published ahead, the current one included; 0 is a day and the 6 h a device may fetch its batch ahead (30 at hourly epochs; at most 96).",
        example: "24", bounds: Bounds(atLeast: 0, atMost: 1_440), \.keyAheadEpochs)

    /// `--k-min`, `LOCI_K_MIN`.
    public static let kMin = number(
        flag: "k-min", environment: "LOCI_K_MIN", defaultValue: "5", help: "The smallest public count.",
        example: "7", bounds: Bounds(atLeast: 1), \.kMin)

    /// `--sensitive-areas`, `LOCI_SENSITIVE_AREAS`.
    public static let sensitiveAreas = text(
        flag: "sensitive-areas", environment: "LOCI_SENSITIVE_AREAS",
        defaultValue: "none beyond the store's schools, kindergartens, hospitals, clinics and places of worship (50 m)",
        help: "JSON file of extra sensitive areas.", example: "/srv/areas.json"
    ) { text, configuration in configuration.sensitiveAreasPath = text }

    /// `--facet-codebook`, `LOCI_FACET_CODEBOOK`.
    public static let facetCodebook = text(
        flag: "facet-codebook", environment: "LOCI_FACET_CODEBOOK",
        defaultValue: "the interest model's own facets (`facets-31/<model version>`)",
        help: "JSON file of the interest facet codebook (`version`, unit `centroids`), or `none` for count-only heat (a report naming a facet is then refused).",
        example: "/srv/facets.json"
    ) { text, configuration in configuration.facetCodebookPath = text }

    /// The ``facetCodebook`` value that turns facets off (count-only heat).
    public static let countOnly = "none"

    /// `--node`, `LOCI_NODE`.
    public static let node = text(
        flag: "node", environment: "LOCI_NODE", defaultValue: "`node-<pid>`", help: "This node's name (scale mode).",
        example: "a"
    ) { text, configuration in configuration.nodeName = text }

    /// `LOCI_RATE_LIMIT_PER_CLIENT`.
    public static let rateLimitPerClient = number(
        flag: nil, environment: "LOCI_RATE_LIMIT_PER_CLIENT", defaultValue: "2000",
        help: "Requests per second per client address (bursts of twice that; 429 above).", example: "1e9",
        bounds: Bounds(above: 0), \.rateLimitPerClient)

    /// `LOCI_RATE_LIMIT_PER_TOKEN`.
    public static let rateLimitPerToken = number(
        flag: nil, environment: "LOCI_RATE_LIMIT_PER_TOKEN", defaultValue: "20",
        help: "Requests per second per access token (bursts of twice that; 429 above).", example: "50",
        bounds: Bounds(above: 0), \.rateLimitPerToken)

    /// `LOG_LEVEL`.
    public static let logLevel = text(
        flag: nil, environment: "LOG_LEVEL", defaultValue: "`info`",
        help:
            "trace, debug, info, notice, warning, error or critical. info: one line per request except accepted reports, refused ingest summed up once a minute; debug adds a line per accepted report (an unnoised record of reports: not for a public server); notice leaves only start, stop and failures.",
        example: "debug"
    ) { text, configuration throws(ServerSettingProblem) in
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw ServerSettingProblem(
                "must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        configuration.logLevel = level
    }
}

extension ServerSetting {
    /// A setting whose text `store` keeps (and may refuse).
    static func text(
        flag: String?, environment: String, defaultValue: String, help: String, example: String,
        store: @escaping @Sendable (String, inout ServerConfiguration) throws(ServerSettingProblem) -> Void
    ) -> ServerSetting {
        ServerSetting(
            flag: flag, environment: environment, defaultValue: defaultValue, help: help, example: example,
            parse: store, check: { _ in nil })
    }

    /// A number within `bounds`, kept at `path`.
    static func number<T: LosslessStringConvertible & Comparable & Sendable>(
        flag: String?, environment: String, defaultValue: String, help: String, example: String,
        bounds: Bounds<T>, _ path: WritableKeyPath<ServerConfiguration, T> & Sendable
    ) -> ServerSetting {
        ServerSetting(
            flag: flag, environment: environment, defaultValue: defaultValue,
            help: "\(help) \(bounds.description.prefix(1).uppercased())\(bounds.description.dropFirst()).",
            example: example,
            parse: { text, configuration throws(ServerSettingProblem) in
                guard let value = T(text) else {
                    throw ServerSettingProblem(T.self is any BinaryInteger.Type ? "not a whole number" : "not a number")
                }
                guard bounds.contains(value) else { throw ServerSettingProblem(bounds.description) }
                configuration[keyPath: path] = value
            },
            check: { configuration in
                let value = configuration[keyPath: path]
                return bounds.contains(value) ? nil : (Bounds<T>.text(value), ServerSettingProblem(bounds.description))
            })
    }
}

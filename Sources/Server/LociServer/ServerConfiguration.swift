import AccountService
import AircraftFeeds
import AppAttest
import Foundation
import HeatAggregation
import InterestCodebook
import Logging

/// Everything `loci serve` can be told, from flags and the environment (flags win); each
/// setting is described once in ``ServerSetting/all``.
///
/// Defaults give the embedded mode: SQLite files in the data directory (the place store made
/// beforehand by `loci import`), hourly epochs over the public tile domain of the place store's
/// tiles, and the recommended privacy budget (`docs/tidepool.md`).
public struct ServerConfiguration: Sendable, Equatable {
    /// Address to listen on (loopback unless told otherwise).
    public var host = "127.0.0.1"
    /// TCP port (0 picks a free one; tests use that).
    public var port = 8080
    /// Where `/metrics` listens, apart from the public listener (nil: no metrics listener).
    public var metricsAddress: MetricsAddress? = .loopback
    /// Where the place store, the server database and the sample extract live.
    public var dataDirectory: URL
    /// The read-only place store (default `<data dir>/places.sqlite`).
    public var placesPath: String?
    /// The OSM extract the place store is made from, named in the error when the store is
    /// missing (default `<data dir>/osm/helsinki.osm.pbf`, what `scripts/fetch-data` writes).
    public var extractPath: String?
    /// `postgres://…` for scale mode; nil for the embedded SQLite store.
    public var databaseURL: String?
    /// Epoch length, seconds (an hour: ``HeatConfiguration/recommendedEpochSeconds``).
    public var epochSeconds: Int64 = HeatConfiguration.recommendedEpochSeconds
    /// Which tiles heat may be released for: the public domain of the place store's tiles
    /// (the default) or the tiles with reports, by partition selection.
    public var tileDomain = TileDomainChoice.places
    /// The public tile domain, built at start-up from the place store when ``tileDomain`` is
    /// ``TileDomainChoice/places`` (nil: partition selection).
    public var publicDomain: PublicTileDomain?
    /// ε per person per day the budgets are planned for (zCDP accounting over the daily cap).
    public var epsilon = HeatConfiguration.recommendedDayEpsilon
    /// δ per person per day.
    public var delta = HeatConfiguration.recommendedDayDelta
    /// The most epochs a device (its App Attest key) gets tokens for in any 24 hours.
    public var dailyEpochs = HeatConfiguration.recommendedDailyEpochCap
    /// How many epochs, the current one included, have the cluster's blind-signing keys made
    /// and published ahead (so a device can take the coming day's tokens in one batch); 0 means
    /// one day's worth of epochs, at most ``TidepoolEngine/defaultKeyAheadLimit``.
    public var keyAheadEpochs: Int64 = 0
    /// The smallest public count.
    public var kMin = 5
    /// A JSON file with sensitive areas (`[{"latitude", "longitude", "radiusMeters", "reason"}]`);
    /// the place store's schools, kindergartens, hospitals, clinics and places of worship are
    /// always added with a 50 m radius.
    public var sensitiveAreasPath: String?
    /// Access tokens live this long, seconds.
    public var accessTokenSeconds: Int64 = 3_600
    /// Refresh tokens live this long, seconds (30 days; each refresh issues a new one).
    public var refreshTokenSeconds: Int64 = 2_592_000
    /// Largest request body, bytes (413 above).
    public var maxBodyBytes = 16 * 1_024
    /// Requests per second allowed per client address (burst of twice that).
    public var rateLimitPerClient = 2_000.0
    /// Requests per second allowed per access token (burst of twice that).
    public var rateLimitPerToken = 20.0
    /// Registrations per minute per client address (and as many challenges), in bursts of that many.
    public var registrationsPerMinute = 5.0
    /// Whether registrations pass the development verifier (any non-empty attestation) instead
    /// of App Attest. Off by default; `loci serve` refuses to start with neither this nor an app id.
    public var developmentAttestation = false
    /// The App Attest app ids (`TEAMID.bundle.id`) accepted at registration.
    public var appAttestAppIDs: [String] = []
    /// The App Attest environments accepted.
    public var appAttestEnvironments: Set<AppAttestEnvironment> = [.production]
    /// This process's name among the nodes of scale mode.
    public var nodeName = "node-\(ProcessInfo.processInfo.processIdentifier)"
    /// The server log's level (`info`: a line per request but accepted reports, refused ingest
    /// summed up once a minute; accepted reports are never counted in the log).
    public var logLevel = Logger.Level.info
    /// The interest facet codebook reports may name and heat reads compare through (nil:
    /// count-only releases; a report naming a facet is refused).
    public var facetCodebook: FacetCodebook?
    /// A JSON file `{"version", "centroids"}` with the facet codebook (loaded into
    /// ``facetCodebook`` at start-up).
    public var facetCodebookPath: String?

    /// Where `POST /v1/identify` gets aircraft when a request brings none (nil: aircraft are left
    /// out and the answer says so).
    public var aircraftFeed: AircraftFeedChoice?
    /// The Wikidata landmarks CSV `POST /v1/identify` attaches to footprints, beside the place
    /// store's own landmarks (nil: the store's only).
    public var landmarksPath: String?
    /// The airports CSV whose nearest airport each aircraft candidate names (nil: none).
    public var airportsPath: String?

    /// The folder of areas `GET /v1/areas` lists and `GET /v1/areas/{area}/{kind}` serves, made by
    /// `loci area build --out` (nil: none offered; the list is empty).
    public var areasPath: String?

    /// The longest a request may work, seconds: past it the request is cancelled and answers 503
    /// (CPU-bound work observes the cancellation between batches, so the core is freed).
    public var requestDeadlineSeconds = 30.0
    /// How long a request's whole body may take to arrive after its head, seconds: a body still
    /// arriving then answers 408 and the connection is closed (a trickle that keeps the
    /// connection from being idle is ended here, before the request deadline).
    public var bodyTimeoutSeconds = 20.0
    /// How long a connection may take to send a request's complete head, from opening or from
    /// the previous answer, seconds; then the server closes it (a head trickled a byte inside
    /// every idle timeout is ended here).
    public var headerTimeoutSeconds = 30.0
    /// How long a connection may stay open without a byte while no request is being answered
    /// (silent since it opened, a header cut short, idle keep-alive) or while a request's body
    /// has stopped arriving, seconds; then the server closes it.
    public var idleTimeoutSeconds = 30.0
    /// The most connections served at once; past it a new connection's first request is
    /// answered 503 with `Retry-After` and the connection is closed.
    public var maximumConnections = 4_096
    /// After SIGTERM or SIGINT, how long requests in flight may finish, seconds; the rest are
    /// then cancelled and the process exits.
    public var shutdownGraceSeconds = 10.0

    /// The defaults, with the data directory `dataDirectory`.
    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// The place store's path.
    public var resolvedPlacesPath: String {
        placesPath ?? dataDirectory.appendingPathComponent("places.sqlite").path
    }

    /// The extract the place store is made from.
    public var resolvedExtractPath: String {
        extractPath ?? dataDirectory.appendingPathComponent("osm/helsinki.osm.pbf").path
    }

    /// The server database (embedded mode).
    public var serverDatabasePath: String {
        dataDirectory.appendingPathComponent("server.sqlite").path
    }

    /// The session lifetimes these settings describe.
    public var sessionLifetimes: SessionService.Lifetimes {
        SessionService.Lifetimes(access: accessTokenSeconds, refresh: refreshTokenSeconds)
    }

    /// The heat configuration these settings describe.
    public var heatConfiguration: HeatConfiguration {
        HeatConfiguration.daily(
            epsilon: epsilon, delta: delta, dailyEpochCap: dailyEpochs, epochSeconds: epochSeconds,
            ttlSeconds: HeatConfiguration.defaultTTLSeconds(epochSeconds: epochSeconds), kMin: kMin,
            facetCount: facetCodebook?.count ?? 0, facetCodebookVersion: facetCodebook?.version ?? "",
            publicDomainSize: publicDomain?.count ?? 0)
    }
}

/// Which tiles `loci serve` releases heat for (`--tile-domain`).
public enum TileDomainChoice: String, Sendable, Equatable, CaseIterable {
    /// The public tile domain: the base tiles holding at least one place of the place store,
    /// every one noised in every release, τ only a display threshold (no selection δ).
    case places
    /// Partition selection over the tiles with reports: a tile shows when its noisy count clears
    /// a τ set by a selection δ (the default before issue 33).
    case reported
}

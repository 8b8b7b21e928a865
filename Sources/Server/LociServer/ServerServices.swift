import AccountService
import BaseMap
import Foundation
import HeatAggregation
import IdentifyService
import LociServerStore
import Logging
import Personalisation
import PlaceStore
import ServerRepositories
import TidepoolEpochs

/// What the routes work with: built once by ``ServerServices/make(_:logger:)`` (or by tests
/// with a clock and stores of their own) and shared by every request.
public struct ServerServices: Sendable {
    /// The settings the server started with.
    public var configuration: ServerConfiguration
    /// Tidepool presence (tokens, ingest, epochs).
    public var engine: TidepoolEngine
    /// Devices, profiles, favourites, releases, partial counts.
    public var store: any ServerStore
    /// The read-only place store's search.
    public var places: LocalPlacesProvider
    /// The base map drawn under the heat on `/`, from the same place store as ``places``.
    public var baseMap: BaseMapTiles
    /// Names the imported area on `/` and `/health`.
    public var placesSummary: PlacesSummary
    /// Tags and places to vectors.
    public var interest: any InterestEmbedding
    /// The one identification service `POST /v1/identify` calls: the place store's buildings and
    /// landmarks, the configured landmark list, airports and aircraft feed
    /// (``ServerServices/identification(_:places:landmarks:airports:environment:)``).
    public var identification: IdentificationService
    /// Registration attestation: App Attest, or the development verifier when told to
    /// (``ServerServices/attestation(for:store:)``).
    public var attestation: any RegistrationAttestation
    /// Counters and latency histograms; `/metrics` renders them (Prometheus unless replaced).
    public var metrics = ServerMetrics()
    /// Per-client limiter.
    public var clientLimiter: RateLimiter
    /// Per-token limiter.
    public var tokenLimiter: RateLimiter
    /// Per-client limiter of registrations and their challenges (stricter than ``clientLimiter``).
    public var registrationLimiter: RateLimiter
    /// Heat reads (through the configuration's facet codebook, if any).
    public var heatReader: HeatReader
    /// The rate limiters' clock, seconds (tests freeze it so limits do not depend on speed).
    public var limiterClock: @Sendable () -> Double = { Date().timeIntervalSince1970 }
    /// The server's logger (request identity is never attached to tile data).
    public var logger: Logger

    /// Assembles services from parts. Without `identification`, the identify service is built
    /// from `configuration` alone: the place store with its landmarks and the configured feed
    /// (OpenSky credentials from the process environment), but no landmark list or airports,
    /// which ``ServerServices/make(_:logger:)`` reads from their files.
    public init(
        configuration: ServerConfiguration, engine: TidepoolEngine, store: any ServerStore,
        places: LocalPlacesProvider, placesSummary: PlacesSummary,
        interest: any InterestEmbedding = NoInterestModel(),
        attestation: any RegistrationAttestation = DevelopmentAttestation(),
        identification: IdentificationService? = nil, logger: Logger
    ) {
        self.configuration = configuration
        self.engine = engine
        self.store = store
        self.places = places
        baseMap = BaseMapTiles(store: places.store)
        self.placesSummary = placesSummary
        self.interest = interest
        self.identification =
            identification
            ?? Self.identification(
                configuration, places: places.store, environment: ProcessInfo.processInfo.environment)
        self.attestation = attestation
        heatReader = HeatReader(tiler: engine.tiler, codebook: configuration.facetCodebook)
        clientLimiter = RateLimiter(
            rate: configuration.rateLimitPerClient, burst: 2 * configuration.rateLimitPerClient)
        tokenLimiter = RateLimiter(
            rate: configuration.rateLimitPerToken, burst: 2 * configuration.rateLimitPerToken)
        registrationLimiter = RateLimiter(
            rate: configuration.registrationsPerMinute / 60, burst: configuration.registrationsPerMinute)
        self.logger = logger
    }
}

/// What the place store holds, for `/` and `/health`.
public struct PlacesSummary: Sendable, Equatable {
    /// Places in the store.
    public var placeCount: Int
    /// The area they span (south, west, north, east), nil when empty.
    public var bounds: [Double]?
    /// The file the store was read from (its name only).
    public var source: String
    /// The zone the store's opening hours are judged in (its `time_zone` metadata, else UTC).
    public var timeZone: TimeZone = .gmt
}

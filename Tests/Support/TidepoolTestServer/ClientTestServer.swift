import AccountService
import Foundation
import GeoKit
import HeatAggregation
import LociServer
import LociServerStore
import LociTestSupport
import Logging
import Personalisation
import PlaceKit
import PlaceStore
import ServerRepositories
import Synchronization
import TidepoolEpochs

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `loci serve` on a loopback port (the application `loci serve` runs, in process) over a
/// small place store and a fresh SQLite store, with a manual clock: what the device client's and
/// the Tidepool app models' tests talk to.
public final class ClientTestServer: Sendable {
    public static let cafe = (id: "osm:node/1", lat: 60.1836, lon: 24.9110)
    public static let museum = (id: "osm:node/2", lat: 60.1700, lon: 24.9441)
    public static let epochSeconds: Int64 = 900
    public static let startEpoch: Int64 = 1_000_000

    public let baseURL: URL
    /// This server's epoch length, seconds (``epochSeconds`` unless started with another).
    public let epochLength: Int64
    public let services: ServerServices
    public let clock: ManualClock
    public let store: SQLiteServerStore
    private let task: Task<Void, any Error>

    /// Starts a server; `adjust` may change the configuration first, `attestation` replaces the
    /// development verifier. The clock starts 10 s into epoch ``startEpoch`` of `epochLength`;
    /// `keyAheadEpochs` epochs from the current one have published keys.
    public static func start(
        _ adjust: (inout ServerConfiguration) -> Void = { _ in },
        attestation: (any RegistrationAttestation)? = nil, epochLength: Int64 = epochSeconds,
        keyAheadEpochs: Int64 = 2
    ) async throws -> ClientTestServer {
        var configuration = try LoopbackServer.configuration(prefix: "loci-client", epochSeconds: epochLength)
        adjust(&configuration)
        let placesPath = configuration.dataDirectory.appendingPathComponent("places.sqlite").path
        try writePlaces(to: placesPath)
        let placeStore = try SQLitePlaceStore(path: placesPath)
        let store = try SQLiteServerStore(path: configuration.serverDatabasePath)
        let clock = ManualClock(startEpoch * epochLength + 10)
        let engine = try TidepoolEngine(
            configuration: configuration.heatConfiguration,
            suppression: try SuppressionList(areas: [], tiler: .standard), store: store, node: "test",
            noise: SystemSecureRandom(), keyAheadEpochs: keyAheadEpochs, clock: { clock.now })
        var configured = ServerServices(
            configuration: configuration, engine: engine, store: store,
            places: LocalPlacesProvider(store: placeStore),
            placesSummary: try ServerServices.summary(of: placeStore),
            interest: try SharedInterestModel.model(), attestation: attestation ?? DevelopmentAttestation(),
            logger: Logger(label: "client-test") { _ in SwiftLogNoOpLogHandler() })
        configured.limiterClock = { Double(clock.now) }
        let services = configured
        // The published keys a running server's ticker has made by the time a phone asks (a read
        // of the list waits for the current epoch's key only).
        try await engine.prepareKeys(through: engine.currentEpoch + keyAheadEpochs - 1)
        let (url, task) = try await LoopbackServer.run(services)
        return ClientTestServer(
            baseURL: url, epochLength: epochLength, services: services, clock: clock, store: store, task: task)
    }

    private init(
        baseURL: URL, epochLength: Int64, services: ServerServices, clock: ManualClock, store: SQLiteServerStore,
        task: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.epochLength = epochLength
        self.services = services
        self.clock = clock
        self.store = store
        self.task = task
    }

    deinit { task.cancel() }

    /// Stops the server.
    public func stop() { task.cancel() }

    /// Moves the clock past the current epoch's end and the close delay, and closes it.
    public func closeEpoch() async throws {
        let epoch = services.engine.currentEpoch
        clock.now = (epoch + 1) * epochLength
        try await services.engine.tick()
        clock.now += 5
        try await services.engine.tick()
        clock.now += 1  // the engine caches live releases for the current second
    }

    /// One raw request (JSON in and out), as something other than the client would send it.
    public func send(_ method: String, _ path: String, json: [String: Any]? = nil, token: String? = nil) async throws
        -> (status: Int, json: [String: Any])
    {
        guard let url = URL(string: baseURL.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let session = URLSession(configuration: .ephemeral)
        let (data, response) = try await session.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object ?? [:])
    }

    /// A counter from the server's `/metrics` (the Prometheus text of the metrics listener's
    /// application, answered in process), summed over the series whose labels include every
    /// one of `labels` (written as on the page: `route="/v1/places"`); 0 when no series matches yet.
    public func counter(_ name: String, labels: [String] = []) async throws -> Int {
        let answer = try await InProcessServer(metricsOf: services).send("GET", "/metrics")
        var total = 0.0
        for line in String(decoding: answer.body, as: UTF8.self).split(separator: "\n") {
            guard line.hasPrefix(name + "{") || line.hasPrefix(name + " "),
                labels.allSatisfy({ line.contains($0) }), let value = line.split(separator: " ").last.flatMap({ Double($0) })
            else { continue }
            total += value
        }
        return Int(total)
    }

    /// The server's presence outcomes so far (`accepted` and each refusal code), counted in
    /// process: `/metrics` no longer counts accepted reports (an unnoised statistic of them).
    public func ingestCounts() -> [String: Int] {
        services.metrics.ingestCounts()
    }

    /// A tiny place store around central Helsinki.
    public static func writePlaces(to path: String) throws {
        let writer = try PlaceStoreWriter(path: path)
        func place(_ id: String, _ name: String, _ category: String, _ lat: Double, _ lon: Double) -> Place? {
            guard let placeID = PlaceID(rawValue: id) else { return nil }
            return Place(
                id: placeID, name: name, category: category,
                coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon), importance: 0.5,
                tags: ["amenity": category])
        }
        try writer.insert(
            [
                place(cafe.id, "Cafe Regatta", "cafe", cafe.lat, cafe.lon),
                place(museum.id, "Ateneum", "museum", museum.lat, museum.lon),
                place("osm:node/4", "Cafe Ekberg", "cafe", 60.1634, 24.9384),
            ].compactMap { $0 })
        try writer.finish()
    }
}

/// Refuses every registration (the 403 `attestation_refused` path).
public struct RefusingVerifier: RegistrationAttestation {
    /// A verifier that refuses.
    public init() {}
    public var summary: String { "refuses every registration (tests)" }
    public var usesChallenges: Bool { false }
    public func check(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal) {
        throw .refused("this test server refuses every registration")
    }
}

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
import Testing
import TidepoolEpochs
import TidepoolTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Log lines kept in memory, so tests can read what the server logged.
final class LogCapture: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ line: String) { entries.withLock { $0.append(line) } }
    var lines: [String] { entries.withLock { $0 } }
}

struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        capture.append(
            "\(event.level) \(event.message) \(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
        )
    }
}

/// A real server on a loopback port over a small place store and a fresh SQLite store, with
/// a manual clock. Epoch 0 of the clock is 1 000 000 × 900 s.
final class TestServer: Sendable {
    /// Where the cafe, the museum and the school are.
    static let cafe = (id: "osm:node/1", lat: 60.1836, lon: 24.9110)
    static let museum = (id: "osm:node/2", lat: 60.1700, lon: 24.9441)
    static let school = (id: "osm:node/3", lat: 60.1750, lon: 24.9300)
    static let epochSeconds: Int64 = 900
    static let startEpoch: Int64 = 1_000_000

    let baseURL: URL
    let services: ServerServices
    let clock: ManualClock
    let logs: LogCapture
    let store: SQLiteServerStore
    private let task: Task<Void, any Error>

    /// Starts a server; `adjust` may change the configuration first.
    /// `writePlaces` makes the place store at the path it is given (default: ``writePlaces(to:)``);
    /// `metrics` is where the server's metrics go (default: Prometheus, rendered on `/metrics`).
    static func start(
        _ adjust: (inout ServerConfiguration) -> Void = { _ in },
        metrics: ServerMetrics = ServerMetrics(),
        writePlaces: (String) throws -> Void = TestServer.writePlaces(to:)
    ) async throws -> TestServer {
        var configuration = try LoopbackServer.configuration(prefix: "loci-server", epochSeconds: epochSeconds)
        adjust(&configuration)
        let placesPath = configuration.dataDirectory.appendingPathComponent("places.sqlite").path
        try writePlaces(placesPath)
        let placeStore = try SQLitePlaceStore(path: placesPath)
        let store = try SQLiteServerStore(path: configuration.serverDatabasePath)
        let clock = ManualClock(startEpoch * epochSeconds + 10)
        let suppression = try SuppressionList(
            areas: [
                SensitiveArea(latitude: school.lat, longitude: school.lon, radiusMeters: 50, reason: "school")
            ],
            tiler: .standard)
        let engine = try TidepoolEngine(
            configuration: configuration.heatConfiguration, suppression: suppression, store: store,
            node: "test", noise: SystemSecureRandom(),
            clock: { clock.now })
        let logs = LogCapture()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(capture: logs) }
        var configured = ServerServices(
            configuration: configuration, engine: engine, store: store,
            places: LocalPlacesProvider(store: placeStore),
            placesSummary: try ServerServices.summary(of: placeStore),
            interest: try TagInterestModel.bundled(),
            attestation: configuration.appAttestAppIDs.isEmpty
                ? DevelopmentAttestation() : try ServerServices.attestation(for: configuration, store: store),
            logger: logger)
        configured.limiterClock = { Double(clock.now) }
        // The feed's cache ages on the test's clock, not the wall's: a loaded machine can take
        // longer than the cache's 5 s between two requests a test means as "at once".
        configured.identification = ServerServices.identification(
            configuration, places: placeStore, environment: [:], clock: { Double(clock.now) })
        configured.metrics = metrics
        let services = configured
        let (url, task) = try await LoopbackServer.run(services)
        return TestServer(
            baseURL: url, services: services, clock: clock, logs: logs,
            store: store,
            task: task)
    }

    private init(
        baseURL: URL, services: ServerServices, clock: ManualClock, logs: LogCapture,
        store: SQLiteServerStore,
        task: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.services = services
        self.clock = clock
        self.logs = logs
        self.store = store
        self.task = task
    }

    deinit { task.cancel() }

    /// Stops the server.
    func stop() { task.cancel() }

    /// The answer of one request.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        /// The body as a JSON object (empty when it is not one).
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends a request; `json` is serialised as the body, `raw` is sent as is (with
    /// `contentType` when given).
    func send(
        _ method: String, _ path: String, json: Any? = nil, raw: Data? = nil, contentType: String? = nil,
        token: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let raw { request.httpBody = raw }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key).lowercased()] = String(describing: value)
        }
        return Answer(status: http.statusCode, headers: headers, body: data)
    }

    /// Registers a device and returns its access token.
    func register() async throws -> String {
        let answer = try await send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "test-device", "platform": "ios"])
        #expect(answer.status == 201)
        return try #require(answer.json["access_token"] as? String)
    }

    /// A tiny place store around central Helsinki.
    static func writePlaces(to path: String) throws {
        let writer = try PlaceStoreWriter(path: path)
        func place(
            _ id: String, _ name: String, _ category: String, _ lat: Double, _ lon: Double, importance: Double
        )
            -> Place
        {
            Place(
                id: PlaceID(rawValue: id)!, name: name, category: category,
                coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon), importance: importance,
                tags: ["amenity": category])
        }
        try writer.insert([
            place(cafe.id, "Cafe Regatta", "cafe", cafe.lat, cafe.lon, importance: 0.4),
            place(museum.id, "Ateneum", "museum", museum.lat, museum.lon, importance: 0.9),
            place(school.id, "Kallion koulu", "school", school.lat, school.lon, importance: 0.2),
            place("osm:node/4", "Cafe Ekberg", "cafe", 60.1634, 24.9384, importance: 0.5),
        ])
        try writer.finish()
    }
}

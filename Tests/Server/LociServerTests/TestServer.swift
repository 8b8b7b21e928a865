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

/// `loci serve`'s application over a small place store and a fresh SQLite store, with a manual
/// clock. Epoch 0 of the clock is 1 000 000 × 900 s.
///
/// By default requests go through the router in process (``InProcessServer``): no socket, no
/// client (`LOCI_TEST_SERVER=loopback` sends them over HTTP instead: ``Transport/chosen``). A
/// suite about the connection itself (raw HTTP, a browser, a driver that speaks HTTP) starts it
/// `over: .loopback`, on a real port (``LoopbackServer``); only such a server has a ``baseURL``.
final class TestServer: Sendable {
    /// Where the cafe, the museum and the school are.
    static let cafe = (id: "osm:node/1", lat: 60.1836, lon: 24.9110)
    static let museum = (id: "osm:node/2", lat: 60.1700, lon: 24.9441)
    static let school = (id: "osm:node/3", lat: 60.1750, lon: 24.9300)
    static let epochSeconds: Int64 = 900
    static let startEpoch: Int64 = 1_000_000

    /// How requests reach the server.
    enum Transport: Sendable {
        /// Through the router in process, without a socket.
        case inProcess
        /// Over HTTP on a loopback port.
        case loopback

        /// What `start()` uses: in process, unless the environment says `LOCI_TEST_SERVER=loopback`
        /// (to run every route suite over HTTP, as they all ran before: a check that the two
        /// paths answer alike, and a measure of what the sockets cost).
        static var chosen: Transport {
            ProcessInfo.processInfo.environment["LOCI_TEST_SERVER"] == "loopback" ? .loopback : .inProcess
        }
    }

    /// A server started in process has no address.
    struct NotListening: Error, CustomStringConvertible {
        var description: String {
            "this test server answers in process, without a socket; start it with `TestServer.start(over: .loopback)` to reach it over HTTP"
        }
    }

    let services: ServerServices
    let clock: ManualClock
    let logs: LogCapture
    let store: SQLiteServerStore
    private let connection: Connection

    /// Where requests go: the router in process, or a listening server (its URL and the task
    /// to cancel to stop it).
    private enum Connection: Sendable {
        case inProcess(InProcessServer)
        case loopback(URL, Task<Void, any Error>)
    }

    /// Starts a server reached `over` the router in process (default: ``Transport/chosen``) or a
    /// loopback port; `adjust` may change the configuration first.
    /// `writePlaces` makes the place store at the path it is given (default: ``writePlaces(to:)``);
    /// `metrics` is where the server's metrics go (default: Prometheus, rendered on `/metrics`).
    static func start(
        over transport: Transport = .chosen,
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
            node: "test", noise: SystemSecureRandom(), keyAheadEpochs: 2,
            clock: { clock.now })
        let logs = LogCapture()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(capture: logs) }
        var configured = ServerServices(
            configuration: configuration, engine: engine, store: store,
            places: LocalPlacesProvider(store: placeStore),
            placesSummary: try ServerServices.summary(of: placeStore),
            interest: try SharedInterestModel.model(),
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
        // The keys a running server's ticker has made before a phone asks: a request that needs
        // the current key waits for it, and in a loaded full run one RSA key can take tens of
        // seconds (seen as a raw socket's 30 s of silence behind a pipelined ingest).
        try await engine.prepareKeys(through: engine.currentEpoch + 1)
        let connection: Connection
        switch transport {
        case .inProcess:
            connection = .inProcess(InProcessServer(services))
        case .loopback:
            let (url, task) = try await LoopbackServer.run(services)
            connection = .loopback(url, task)
        }
        return TestServer(services: services, clock: clock, logs: logs, store: store, connection: connection)
    }

    private init(
        services: ServerServices, clock: ManualClock, logs: LogCapture, store: SQLiteServerStore,
        connection: Connection
    ) {
        self.services = services
        self.clock = clock
        self.logs = logs
        self.store = store
        self.connection = connection
    }

    deinit { stop() }

    /// The server's address (`http://127.0.0.1:PORT`).
    /// - Throws: ``NotListening`` unless the server was started `over: .loopback`.
    var baseURL: URL {
        get throws(NotListening) {
            guard case .loopback(let url, _) = connection else { throw NotListening() }
            return url
        }
    }

    /// Stops the server (a loopback one stops listening; one in process has nothing to stop).
    func stop() {
        if case .loopback(_, let task) = connection { task.cancel() }
    }

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
        var body: Data?
        var type: String?
        if let json {
            body = try JSONSerialization.data(withJSONObject: json)
            type = "application/json"
        }
        if let raw { body = raw }
        if let contentType { type = contentType }
        let authorization = token.map { "Bearer \($0)" }
        switch connection {
        case .inProcess(let server):
            let answer = try await server.send(
                method, path, contentType: type, authorization: authorization, body: body)
            return Answer(status: answer.status, headers: answer.headers, body: answer.body)
        case .loopback(let baseURL, _):
            return try await Self.send(
                baseURL, method, path, contentType: type, authorization: authorization, body: body)
        }
    }

    /// One request over HTTP with URLSession.
    private static func send(
        _ baseURL: URL, _ method: String, _ path: String, contentType: String?, authorization: String?, body: Data?
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: baseURL.absoluteString + path)))
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key).lowercased()] = String(describing: value)
        }
        return Answer(status: http.statusCode, headers: headers, body: data)
    }

    /// `GET /metrics` from the metrics listener's application (in process: it is not on the
    /// public router, whichever transport this server uses).
    func metrics() async throws -> Answer {
        let answer = try await InProcessServer(metricsOf: services).send(
            "GET", "/metrics", contentType: nil, authorization: nil, body: nil)
        return Answer(status: answer.status, headers: answer.headers, body: answer.body)
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

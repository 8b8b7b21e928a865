import Foundation
import GRDB
import HeatAggregation
import LociServer
import LociTestSupport
import Logging
import PlaceStore
import TidepoolEpochs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `loci serve` process: a favourite answered 2xx survives `kill -9`, and SIGTERM
/// ends the server cleanly.
@Suite("loci serve process")
struct ServeProcessTests {
    /// The `loci` binary beside the test bundle (SwiftPM builds every product before tests).
    static var executable: URL {
        let directory =
            Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        return directory.appendingPathComponent("loci")
    }

    /// A running `loci serve` and the URLs it printed (its public listener, and `/metrics` on
    /// the metrics listener).
    struct Running {
        let process: Process
        let baseURL: URL
        let metricsURL: URL?
    }

    /// Starts `loci serve`; `databaseURL` selects scale mode (nil: the embedded SQLite store,
    /// whatever the test environment's DATABASE_URL). Registrations pass the development
    /// verifier (`--development-attestation`) and are not rate-limited unless `arguments` or
    /// `environment` say otherwise.
    static func start(
        dataDirectory: URL, places: String, arguments: [String] = ["--development-attestation"],
        databaseURL: String? = nil, environment extra: [String: String] = [:]
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["serve", "--port", "0", "--data-dir", dataDirectory.path, "--places", places] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LOG_LEVEL"] = "warning"
        environment["DATABASE_URL"] = databaseURL
        environment["LOCI_REGISTRATIONS_PER_MINUTE"] = "1e9"
        // Two epochs of keys ahead, not a day's: every RSA key costs a test process CPU time.
        environment["LOCI_KEY_AHEAD_EPOCHS"] = "2"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        // Standard error goes to a file (never a pipe nobody drains), read when the process ends
        // without listening so the failure says why (a database it cannot reach, a bad flag).
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("loci-serve-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // Two lines, in either order: the public listener's and the metrics listener's (unless
        // the metrics listener is off).
        let metricsOff = arguments.contains("off") || extra["LOCI_METRICS_ADDRESS"] == "off"
        var text = ""
        func line(_ prefix: String) -> URL? {
            text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap {
                URL(string: String($0.dropFirst(prefix.count)))
            }
        }
        while line("listening on ") == nil || (!metricsOff && line("metrics on ") == nil) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the process ended without listening
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let url = line("listening on ") else {
            process.terminate()
            let said = (try? String(contentsOf: errors, encoding: .utf8)).map { String($0.suffix(2_000)) } ?? ""
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [NSLocalizedDescriptionKey: "loci serve printed: \(text); on standard error: \(said)"])
        }
        try? FileManager.default.removeItem(at: errors)
        return Running(process: process, baseURL: url, metricsURL: line("metrics on "))
    }

    static func send(_ base: URL, _ method: String, _ path: String, json: Any? = nil, token: String? = nil)
        async throws -> (Int, [String: Any])
    {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:])
    }

    /// Polls the metrics listener's `/metrics` until `loci_http_requests_in_flight` is at least
    /// `count` (bounded: fails after 600 polls, a minute on an idle machine).
    static func waitForInFlight(_ running: Running, atLeast count: Int) async throws {
        let url = try #require(running.metricsURL, "loci serve printed no metrics address")
        var seen = 0
        for _ in 0..<600 {
            let (data, _) = try await URLSession.shared.data(from: url)
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix(ServerMetrics.Name.inFlight + " ") }
            seen = line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
            if seen >= count { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the server never had \(count) requests in flight (last seen: \(seen))")
    }

    /// A new data folder with the test place store in it.
    static func dataFolder() throws -> (folder: URL, places: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let places = folder.appendingPathComponent("places.sqlite").path
        try TestServer.writePlaces(to: places)
        return (folder, places)
    }

    @Test("a favourite answered 201 is there after kill -9 and a restart; SIGTERM exits 0")
    func durability() async throws {
        let (folder, places) = try Self.dataFolder()

        let first = try Self.start(dataDirectory: folder, places: places)
        // `/metrics` is on its own loopback listener, not the public one.
        #expect(try await Self.send(first.baseURL, "GET", "/metrics").0 == 404)
        #expect(first.metricsURL?.host == "127.0.0.1")
        #expect(first.metricsURL?.port != first.baseURL.port)
        let (registered, registration) = try await Self.send(
            first.baseURL, "POST", "/v1/auth/anonymous", json: ["attestation": "durability"])
        #expect(registered == 201)
        let token = try #require(registration["access_token"] as? String)
        let (created, favourite) = try await Self.send(
            first.baseURL, "POST", "/v1/favourites", json: ["place_id": TestServer.museum.id, "rating": 5],
            token: token)
        #expect(created == 201)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)

        let second = try Self.start(dataDirectory: folder, places: places)
        let (listed, list) = try await Self.send(second.baseURL, "GET", "/v1/favourites", token: token)
        #expect(listed == 200)
        let items = try #require(list["favourites"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["id"] as? String == favourite["id"] as? String)
        #expect(items.first?["rating"] as? Int == 5)

        kill(second.process.processIdentifier, SIGTERM)
        second.process.waitUntilExit()
        #expect(second.process.terminationReason == .exit)
        #expect(second.process.terminationStatus == 0)
    }

    @Test("SIGTERM lets requests in flight finish: an ingest and a registration, then exits 0")
    func gracefulShutdown() async throws {
        let (folder, places) = try Self.dataFolder()
        // A grace and a request deadline far longer than two requests need on any machine: this
        // test is about requests in flight finishing. In a loaded run this test's own task can wait
        // longer than the default deadline (30 s, counted from the request's head) for a thread
        // before it sends the rest of the bodies.
        let server = try Self.start(
            dataDirectory: folder, places: places,
            arguments: ["--development-attestation", "--shutdown-grace", "300", "--request-deadline", "3600", "--body-timeout", "3600", "--header-timeout", "3600", "--idle-timeout", "3600"])
        let port = try #require(server.baseURL.port)
        let forged = Data(
            #"{"epoch":1,"nonce":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","signature":"AAAA","tile_id":"u"}"#.utf8)
        let ingest = RawHTTP.ingest(forged)
        let registration = Data(#"{"attestation":"graceful"}"#.utf8)
        var routed = Data(
            "POST /v1/auth/anonymous HTTP/1.1\r\nHost: loci\r\nContent-Type: application/json\r\nContent-Length: \(registration.count)\r\n\r\n"
                .utf8)
        routed.append(registration)
        // Both requests arrive in part, then the server is told to stop, then the rest arrives.
        let first = try RawHTTP.RawConnection(port: port)
        let second = try RawHTTP.RawConnection(port: port)
        try first.send(ingest.prefix(ingest.count - 10))
        try second.send(routed.prefix(routed.count - 5))
        // Wait until the server has read both heads (a stop before it has would close the
        // connections as idle, which is right, but not what this test is about): the in-flight
        // gauge counts them (the metrics listener's own request is not counted).
        try await Self.waitForInFlight(server, atLeast: 2)
        kill(server.process.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(300))
        try first.send(ingest.suffix(10))
        try second.send(routed.suffix(5))
        let ingested = try await first.read(answers: 1)
        let registered = try await second.read(answers: 1)
        #expect(ingested.first?.status == 400 || ingested.first?.status == 403 || ingested.first?.status == 409)
        #expect(ingested.first?.body.contains("\"code\"") == true)
        #expect(registered.first?.status == 201)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    @Test("SIGTERM with an identify that would run on (its body never completes): exits 0 after the grace period")
    func shutdownCancelsWhatOutlivesTheGrace() async throws {
        let (folder, places) = try Self.dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let grace = 1.0
        let server = try Self.start(
            dataDirectory: folder, places: places,
            arguments: ["--development-attestation", "--shutdown-grace", "\(grace)", "--request-deadline", "3600", "--body-timeout", "3600", "--header-timeout", "3600", "--idle-timeout", "3600"])
        let port = try #require(server.baseURL.port)
        // The head and half the body of an identify: the route waits for the rest, which never
        // comes, so without a grace period the server would wait for ever (issue 32).
        let connection = try RawHTTP.RawConnection(port: port)
        try connection.send(
            Data(
                "POST /v1/identify HTTP/1.1\r\nHost: loci\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{\"lat\":"
                    .utf8))
        // Time for the server to read the head (a stop before it has would close the connection
        // as idle: right, but not what this test is about).
        try await Task.sleep(for: .seconds(1))
        kill(server.process.processIdentifier, SIGTERM)
        // The grace period plus generous slack; a server that never exits is killed and fails.
        var waited = 0.0
        while server.process.isRunning, waited < grace + 30 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 0.1
        }
        if server.process.isRunning {
            kill(server.process.processIdentifier, SIGKILL)
            Issue.record("loci serve was still running \(grace + 30) s after SIGTERM")
        }
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        // The request in flight got an answer or a closed connection, never silence.
        let answered = (try? await connection.read(answers: 1))?.first
        if let answered {
            #expect(answered.status >= 400)
        } else {
            #expect(await connection.ended())
        }
    }
}

/// `loci serve` never imports: a missing or outdated place store stops it with the command to run.
@Suite("loci serve and its place store")
struct ServePlaceStoreTests {
    @Test("by default heat is released over the place store's tiles; an empty store is refused naming both fixes")
    func publicTileDomain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-domain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = folder.appendingPathComponent("places.sqlite").path
        try TestServer.writePlaces(to: places)
        var configuration = ServerConfiguration(dataDirectory: folder)
        configuration.developmentAttestation = true
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let services = try await ServerServices.make(configuration, logger: logger)
        // The base tiles holding a place, read the way the simulator reads them.
        let expected = try PublicTileDomain.serviceArea(of: try SQLitePlaceStore(path: places))
        #expect(expected.count >= 3)
        #expect(services.engine.domain == expected)
        let parameters = try services.engine.configuration.publishedParameters()
        #expect(parameters.publicDomainSize == expected.count)
        #expect(parameters.epochSeconds == 3_600)
        #expect(parameters.epochsPerDay == 24)
        #expect(parameters.epochSelectionDelta == 0)
        #expect(parameters.dayEpsilon <= 2 && parameters.dayDelta <= 1e-5)
        #expect(services.engine.issuanceWindow.epochs == 24)
        // A report in every hourly epoch at most: a phone's batch holds a token for each.
        #expect(services.engine.issuanceWindow.cap == 24)
        // Keys for a day and the 6 h a device may fetch its batch ahead.
        #expect(services.engine.keyAheadEpochs == 30)
        // A store without a place: refused, naming the import and the fallback.
        try FileManager.default.removeItem(atPath: places)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: configuration.serverDatabasePath + suffix) }
        let writer = try PlaceStoreWriter(path: places)
        try writer.finish()
        do {
            _ = try await ServerServices.make(configuration, logger: logger)
            Issue.record("a place store without places was served with a public domain")
        } catch let error as ServerConfigurationError {
            guard case .missingData(let path, let hint) = error else { throw error }
            #expect(path == places)
            #expect(hint.contains("loci import") && hint.contains("--tile-domain reported"))
        }
        // With partition selection it serves, and there is no domain.
        configuration.tileDomain = .reported
        let selecting = try await ServerServices.make(configuration, logger: logger)
        #expect(selecting.engine.domain == nil)
        #expect(try selecting.engine.configuration.publishedParameters().publicDomainSize == nil)
    }

    /// A data folder holding the Helsinki extract where `scripts/fetch-data` puts it.
    static func folderWithExtract() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("osm"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedData.url("osm/helsinki.osm.pbf"), to: folder.appendingPathComponent("osm/helsinki.osm.pbf"))
        return folder
    }

    @Test(
        "missing or from another schema: one line naming the loci import to run; once imported, it serves",
        .enabled(
            if: SharedData.has("osm/helsinki.osm.pbf"),
            Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
    func placeStore() async throws {
        let folder = try Self.folderWithExtract()
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = folder.appendingPathComponent("places.sqlite").path
        let extract = folder.appendingPathComponent("osm/helsinki.osm.pbf").path
        let command = "`loci import \(extract) --db \(places) --time-zone Europe/Helsinki`"
        let configuration = ServerConfiguration(dataDirectory: folder)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        await #expect(
            throws: ServerConfigurationError.missingData(
                path: places, hint: "no place store; make it with \(command) (scripts/serve does this)")
        ) { _ = try await ServerServices.make(configuration, logger: logger) }
        #expect(!FileManager.default.fileExists(atPath: places))
        // An empty file is called empty (not "from another version"), with the same command.
        _ = FileManager.default.createFile(atPath: places, contents: Data())
        await #expect(
            throws: ServerConfigurationError.missingData(
                path: places, hint: "the file is empty; make the place store with \(command)")
        ) { _ = try await ServerServices.make(configuration, logger: logger) }
        try FileManager.default.removeItem(atPath: places)
        // A place store written by a newer version (a migration this build does not know).
        try ImportedPlaces.copy("osm/helsinki.osm.pbf", timeZone: "Europe/Helsinki", to: places)
        try await DatabaseQueue(path: places).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')") }
        await #expect(
            throws: ServerConfigurationError.missingData(
                path: places, hint: "the place store is from another Loci version; make it again with \(command)")
        ) { _ = try await ServerServices.make(configuration, logger: logger) }
        try FileManager.default.removeItem(atPath: places)
        // What that command makes, the server serves.
        try ImportedPlaces.copy("osm/helsinki.osm.pbf", timeZone: "Europe/Helsinki", to: places)
        let server = try ServeProcessTests.start(dataDirectory: folder, places: places)
        defer {
            kill(server.process.processIdentifier, SIGTERM)
            server.process.waitUntilExit()
        }
        let (status, health) = try await ServeProcessTests.send(server.baseURL, "GET", "/health")
        #expect(status == 200)
        let count = (health["places"] as? [String: Any])?["count"] as? Int
        #expect((count ?? 0) > 1_000)
    }
}

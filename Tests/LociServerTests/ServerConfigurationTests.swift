import Foundation
import LociServer
import Testing

/// `loci serve`'s settings from the environment, and where its handlers run.
@Suite("Server configuration")
struct ServerConfigurationTests {
    static let folder = URL(fileURLWithPath: "/nonexistent-loci-test")

    @Test("variables set what they name; handlers run on the event loops unless told otherwise")
    func environment() throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        #expect(settings.handlerThreads == .eventLoop)
        #expect(settings.ingestFastPath)
        try settings.apply(environment: [
            "PORT": "9123", "LOCI_EPOCH_SECONDS": "120", "LOCI_K_MIN": "7", "LOCI_HANDLERS": "pool",
            "LOCI_RATE_LIMIT_PER_CLIENT": "1e9", "LOCI_INGEST_FAST_PATH": "off",
        ])
        #expect(!settings.ingestFastPath)
        #expect(settings.port == 9123)
        #expect(settings.epochSeconds == 120)
        #expect(settings.kMin == 7)
        #expect(settings.handlerThreads == .cooperativePool)
        #expect(settings.rateLimitPerClient == 1e9)
    }

    @Test("an unusable value is refused naming the variable and the value", arguments: [
        ("PORT", "80a"), ("LOCI_EPOCH_SECONDS", "ten"), ("LOCI_HANDLERS", "threads"), ("LOCI_HANDLERS", "EVENT-LOOP"),
        ("LOCI_INGEST_FAST_PATH", "maybe"),
    ])
    func refused(name: String, value: String) throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        do {
            try settings.apply(environment: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            guard case .invalid(let refusedName, let refusedValue, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(refusedName == name)
            #expect(refusedValue == value)
        }
    }

    @Test("both handler placements answer the same requests", arguments: HandlerThreads.allCases)
    func placements(threads: HandlerThreads) async throws {
        let server = try await TestServer.start { $0.handlerThreads = threads }
        defer { server.stop() }
        let health = try await server.send("GET", "/health")
        #expect(health.status == 200)
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let body = token.redemption(for: TidepoolAPITests.cafeTile).json()
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 202)
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 409)
        let search = try await server.send("GET", "/v1/places/search?q=regatta&lat=60.18&lon=24.91")
        #expect(search.status == 200)
        let results = search.json["results"] as? [[String: Any]]
        #expect(results?.first?["name"] as? String == "Cafe Regatta")
    }
}

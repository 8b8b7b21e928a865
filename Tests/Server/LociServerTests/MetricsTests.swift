import Foundation
import LociServer
import MetricsTestKit
import Testing
import TidepoolTestServer

/// `/metrics` through swift-metrics: Prometheus by default, any other backend when given one; on
/// its own listener, never the public one; no count of accepted reports.
@Suite("Metrics")
struct MetricsTests {
    @Test("/metrics shows request counts and a latency histogram per route template and method")
    func prometheusText() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let started = ContinuousClock.now
        for _ in 0..<3 { #expect(try await server.send("GET", "/health").status == 200) }
        let waited = ContinuousClock.now - started
        #expect(try await server.send("GET", "/v1/places/osm:node%2F999999").status == 404)
        let text = try await server.metrics().text
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains(#"loci_http_requests_total{route="/health",method="GET",status="200"} 3"#), "\(text)")
        #expect(lines.contains(#"loci_http_request_seconds_count{route="/health",method="GET"} 3"#), "\(text)")
        #expect(lines.contains(#"loci_http_request_seconds_bucket{route="/health",method="GET",le="+Inf"} 3"#))
        #expect(lines.contains("# TYPE loci_http_request_seconds histogram"))
        #expect(lines.contains("# TYPE loci_http_requests_total counter"))
        // Nothing is being answered on the public listener while it renders (the metrics
        // listener's own requests are not counted).
        #expect(lines.contains("loci_http_requests_in_flight 0.0"), "\(text)")
        #expect(lines.contains("# TYPE loci_http_requests_in_flight gauge"))
        // The sum is in seconds: the server's time for the three requests is more than nothing and
        // no more than the test waited for them (in milliseconds it would be a thousand times more).
        let sum = try #require(lines.first { $0.hasPrefix(#"loci_http_request_seconds_sum{route="/health",method="GET"}"#) })
        let seconds = try #require(Double(sum.split(separator: " ").last ?? ""))
        let waitedSeconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        #expect(seconds > 0 && seconds <= waitedSeconds, "\(seconds) s recorded, \(waitedSeconds) s waited")
        // Every bucket of this server's own set is there, the finest at 100 µs.
        let buckets = lines.filter { $0.hasPrefix(#"loci_http_request_seconds_bucket{route="/health",method="GET""#) }
        #expect(buckets.count == ServerMetrics.latencyBuckets.count + 1)
        #expect(lines.contains { $0.hasPrefix(#"loci_http_request_seconds_bucket{route="/health",method="GET",le="0.0001"}"#) })
        // The template, never the path's values.
        #expect(text.contains(#"route="/v1/places/{id}""#))
        #expect(!text.contains("999999"))
    }

    @Test("each metric's # HELP line comes once, directly before its # TYPE line")
    func helpLines() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        #expect(try await server.send("GET", "/health").status == 200)
        #expect(try await server.send("GET", "/v1/places/osm:node%2F999999").status == 404)
        let lines = try await server.metrics().text.split(separator: "\n").map(String.init)
        for name in [ServerMetrics.Name.requests, ServerMetrics.Name.requestSeconds] {
            let helps = lines.indices.filter { lines[$0].hasPrefix("# HELP \(name) ") }
            #expect(helps.count == 1, "\(name): \(lines)")
            let help = try #require(helps.first)
            #expect(lines[help] == "# HELP \(name) \(ServerMetrics.help[name] ?? "")")
            #expect(lines.indices.contains(help + 1) && lines[help + 1].hasPrefix("# TYPE \(name) "))
        }
    }

    @Test("two servers in one process count apart (each has its own registry)")
    func separateRegistries() async throws {
        let first = try await TestServer.start()
        defer { first.stop() }
        let second = try await TestServer.start()
        defer { second.stop() }
        for _ in 0..<2 { _ = try await first.send("GET", "/health") }
        _ = try await second.send("GET", "/health")
        let firstText = try await first.metrics().text
        let secondText = try await second.metrics().text
        #expect(firstText.contains(#"loci_http_requests_total{route="/health",method="GET",status="200"} 2"#))
        #expect(secondText.contains(#"loci_http_requests_total{route="/health",method="GET",status="200"} 1"#))
    }

    @Test("another backend receives the same metrics without route code knowing; /metrics is then empty")
    func otherBackend() async throws {
        let backend = TestMetrics()
        let server = try await TestServer.start(metrics: ServerMetrics(factory: backend))
        defer { server.stop() }
        #expect(try await server.send("GET", "/health").status == 200)
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let body = token.redemption(for: TidepoolAPITests.cafeTile).json()
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 202)
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 409)
        let health = try backend.expectCounter(
            ServerMetrics.Name.requests, [("route", "/health"), ("method", "GET"), ("status", "200")])
        #expect(health.totalValue == 1)
        let timer = try backend.expectTimer(ServerMetrics.Name.requestSeconds, [("route", "/health"), ("method", "GET")])
        #expect(timer.values.count == 1)
        #expect(throws: (any Error).self) {
            try backend.expectCounter(ServerMetrics.Name.ingest, [("outcome", "accepted")])
        }
        #expect(try backend.expectCounter(ServerMetrics.Name.ingest, [("outcome", "double_spend")]).totalValue == 1)
        #expect(try backend.expectCounter(ServerMetrics.Name.tokensIssued).totalValue == 1)
        let text = try await server.metrics()
        #expect(text.status == 200)
        #expect(text.body.isEmpty)
    }

    @Test("the public listener answers 404 for /metrics; the metrics listener answers it")
    func notOnThePublicRouter() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        #expect(try await server.send("GET", "/metrics").status == 404)
        let metrics = try await server.metrics()
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("# TYPE \(ServerMetrics.Name.inFlight) gauge"))
        // The metrics listener has /metrics and nothing else.
        let other = try await InProcessServer(metricsOf: server.services).send(
            "GET", "/health", contentType: nil, authorization: nil, body: nil)
        #expect(other.status == 404)
    }

    @Test("accepted reports are not counted in the metrics text; refusals are")
    func noPerReportCounter() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let access = try await server.register()
        let token = try await TidepoolAPITests.token(server, accessToken: access)
        let body = token.redemption(for: TidepoolAPITests.cafeTile).json()
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 202)
        #expect(try await server.send("POST", "/v1/tidepool/presence", raw: body).status == 409)
        let text = try await server.metrics().text
        #expect(!text.contains(#"outcome="accepted""#), "\(text)")
        #expect(!text.contains(#"route="/v1/tidepool/presence",method="POST",status="202""#), "\(text)")
        #expect(text.contains(#"loci_tidepool_ingest_total{outcome="double_spend"} 1"#), "\(text)")
        #expect(text.contains(#"loci_http_requests_total{route="/v1/tidepool/presence",method="POST",status="409"} 1"#))
        // The log summary still has it (in process only).
        #expect(server.services.metrics.ingestCounts()["accepted"] == 1)
    }
}

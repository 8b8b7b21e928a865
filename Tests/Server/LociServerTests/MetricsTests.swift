import Foundation
import LociServer
import MetricsTestKit
import Testing

/// `/metrics` through swift-metrics: Prometheus by default, any other backend when given one.
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
        let text = try await server.send("GET", "/metrics").text
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains(#"loci_http_requests_total{route="/health",method="GET",status="200"} 3"#), "\(text)")
        #expect(lines.contains(#"loci_http_request_seconds_count{route="/health",method="GET"} 3"#), "\(text)")
        #expect(lines.contains(#"loci_http_request_seconds_bucket{route="/health",method="GET",le="+Inf"} 3"#))
        #expect(lines.contains("# TYPE loci_http_request_seconds histogram"))
        #expect(lines.contains("# TYPE loci_http_requests_total counter"))
        // Only the `/metrics` request itself is being answered while it renders.
        #expect(lines.contains("loci_http_requests_in_flight 1.0"), "\(text)")
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
        let lines = try await server.send("GET", "/metrics").text.split(separator: "\n").map(String.init)
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
        let firstText = try await first.send("GET", "/metrics").text
        let secondText = try await second.send("GET", "/metrics").text
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
        #expect(try backend.expectCounter(ServerMetrics.Name.ingest, [("outcome", "accepted")]).totalValue == 1)
        #expect(try backend.expectCounter(ServerMetrics.Name.ingest, [("outcome", "double_spend")]).totalValue == 1)
        #expect(try backend.expectCounter(ServerMetrics.Name.tokensIssued).totalValue == 1)
        let text = try await server.send("GET", "/metrics")
        #expect(text.status == 200)
        #expect(text.body.isEmpty)
    }
}

import Foundation

/// Counters for `/metrics` in the Prometheus text format (0.0.4). Labels are route templates,
/// status codes and refusal reasons only: never a tile, a token or a client.
public final class ServerMetrics: @unchecked Sendable {
    /// A route template and method (label text built only when rendered, not per request).
    private struct Route: Hashable {
        var route: String
        var method: String
        var labels: String { "route=\"\(route)\",method=\"\(method)\"" }
    }

    private let lock = NSLock()
    private var requests: [Route: [Int: Int]] = [:]
    private var ingest: [String: Int] = [:]
    private var latencySum: [Route: Double] = [:]
    private var counters: [String: Int] = [:]

    /// An empty set of counters.
    public init() {}

    /// Counts a finished request.
    func request(route: String, method: String, status: Int, seconds: Double) {
        let key = Route(route: route, method: method)
        lock.lock()
        defer { lock.unlock() }
        requests[key, default: [:]][status, default: 0] += 1
        latencySum[key, default: 0] += seconds
    }

    /// The ingest outcomes counted so far (`accepted` and each refusal reason).
    func ingestCounts() -> [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return ingest
    }

    /// Counts an ingest outcome (`accepted` or a refusal reason).
    func ingest(_ outcome: String) {
        lock.lock()
        defer { lock.unlock() }
        ingest[outcome, default: 0] += 1
    }

    /// Adds to a plain counter.
    func count(_ name: String, by amount: Int = 1) {
        lock.lock()
        defer { lock.unlock() }
        counters[name, default: 0] += amount
    }

    /// The Prometheus text.
    func render() -> String {
        lock.lock()
        defer { lock.unlock() }
        var out = "# HELP loci_http_requests_total HTTP requests by route template, method and status.\n"
        out += "# TYPE loci_http_requests_total counter\n"
        let counted = requests.flatMap { route, statuses in
            statuses.map { ("\(route.labels),status=\"\($0.key)\"", $0.value) }
        }
        for (labels, value) in counted.sorted(by: { $0.0 < $1.0 }) {
            out += "loci_http_requests_total{\(labels)} \(value)\n"
        }
        out += "# HELP loci_http_request_seconds_sum Time spent answering, by route template and method.\n"
        out += "# TYPE loci_http_request_seconds_sum counter\n"
        for (labels, value) in latencySum.map({ ($0.key.labels, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            out += "loci_http_request_seconds_sum{\(labels)} \(value)\n"
        }
        out += "# HELP loci_tidepool_ingest_total Presence redemptions by outcome.\n"
        out += "# TYPE loci_tidepool_ingest_total counter\n"
        for (outcome, value) in ingest.sorted(by: { $0.key < $1.key }) {
            out += "loci_tidepool_ingest_total{outcome=\"\(outcome)\"} \(value)\n"
        }
        for (name, value) in counters.sorted(by: { $0.key < $1.key }) {
            out += "# TYPE \(name) counter\n\(name) \(value)\n"
        }
        return out
    }
}

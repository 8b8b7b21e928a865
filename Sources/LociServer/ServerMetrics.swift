import Foundation

/// Counters for `/metrics` in the Prometheus text format (0.0.4). Labels are route templates,
/// status codes and refusal reasons only: never a tile, a token or a client.
public final class ServerMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var ingest: [String: Int] = [:]
    private var latencySum: [String: Double] = [:]
    private var counters: [String: Int] = [:]

    /// An empty set of counters.
    public init() {}

    /// Counts a finished request.
    func request(route: String, method: String, status: Int, seconds: Double) {
        lock.lock()
        defer { lock.unlock() }
        requests["route=\"\(route)\",method=\"\(method)\",status=\"\(status)\"", default: 0] += 1
        latencySum["route=\"\(route)\",method=\"\(method)\"", default: 0] += seconds
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
        for (labels, value) in requests.sorted(by: { $0.key < $1.key }) {
            out += "loci_http_requests_total{\(labels)} \(value)\n"
        }
        out += "# HELP loci_http_request_seconds_sum Time spent answering, by route template and method.\n"
        out += "# TYPE loci_http_request_seconds_sum counter\n"
        for (labels, value) in latencySum.sorted(by: { $0.key < $1.key }) {
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

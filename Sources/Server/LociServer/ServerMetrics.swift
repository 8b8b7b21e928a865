import Metrics
import Prometheus
import Synchronization

/// What `loci serve` counts and times, through swift-metrics, so the backend is a choice made
/// when the server is assembled and route code never names it.
///
/// The default backend is swift-prometheus with a registry of this server's own (many servers
/// may run in one process, as in the tests, so nothing goes through the global
/// `MetricsSystem.bootstrap`); `/metrics` renders that registry. Give ``init(factory:prometheus:)``
/// another factory (OpenTelemetry, statsd, …) to send the same metrics elsewhere; `/metrics` is
/// then empty unless a Prometheus registry is passed too. Labels are route templates, methods,
/// status codes and refusal reasons only: never a tile, a token or a client. `/metrics` has a
/// listener of its own, loopback by default (``ServerConfiguration/metricsAddress``).
///
/// No metric counts accepted presence reports: counted in real time they would be an unnoised
/// statistic of the very reports the releases protect with noise. The ingest counter has the
/// refusals only, and an answered report (202 on the report route) is neither counted nor
/// timed among the requests, and the once-a-minute log line (``IngestSummary``) sums refusals only.
public final class ServerMetrics: Sendable {
    /// The metric names (`/metrics` shows them; dashboards depend on them).
    public enum Name {
        /// Counter: HTTP requests by `route` template, `method` and `status`.
        public static let requests = "loci_http_requests_total"
        /// Histogram (seconds): time spent answering, by `route` template and `method`.
        public static let requestSeconds = "loci_http_request_seconds"
        /// Counter: refused presence redemptions by `outcome` (the refusal's code; accepted ones
        /// are not counted).
        public static let ingest = "loci_tidepool_ingest_total"
        /// Counter: blind tokens issued.
        public static let tokensIssued = "loci_tidepool_tokens_issued_total"
        /// Gauge: requests whose head has been read and whose answer is not written yet (what a
        /// shutdown drains).
        public static let inFlight = "loci_http_requests_in_flight"
    }

    /// The `# HELP` text of each metric, by name: what `/metrics` says a series means.
    public static let help: [String: String] = [
        Name.requests: "HTTP requests answered, by route template, method and status.",
        Name.requestSeconds: "Time spent answering HTTP requests, seconds, by route template and method.",
        Name.ingest: "Refused anonymous presence reports by the refusal's code (accepted ones are not counted).",
        Name.tokensIssued: "Blind presence tokens issued.",
        Name.inFlight: "HTTP requests being answered now (head read, answer not yet returned).",
    ]

    /// The upper bounds of the request-latency buckets: requests here take from tens of
    /// microseconds (ingest) to seconds (identification of a large photo).
    public static let latencyBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]

    /// Where the metrics go.
    public let factory: any MetricsFactory
    /// The registry `/metrics` renders, nil when the backend is not Prometheus.
    public let prometheus: PrometheusCollectorRegistry?
    private let tokens: CoreMetrics.Counter
    private let inFlightGauge: CoreMetrics.Gauge
    private let inFlight = Atomic<Int>(0)
    /// Ingest outcomes since start, in process only: the once-a-minute log line's refusals
    /// (``IngestSummary``, which must not depend on the backend being readable) and the tests'
    /// evidence. Never published: the log line leaves `accepted` out.
    private let outcomes = Mutex<[String: Int]>([:])

    /// Metrics through `factory`; `/metrics` renders `prometheus` when given.
    public init(factory: any MetricsFactory, prometheus: PrometheusCollectorRegistry? = nil) {
        self.factory = factory
        self.prometheus = prometheus
        tokens = CoreMetrics.Counter(label: Name.tokensIssued, factory: factory)
        inFlightGauge = CoreMetrics.Gauge(label: Name.inFlight, factory: factory)
        inFlightGauge.record(0)
    }

    /// Prometheus with a registry of its own and this server's latency buckets (the default).
    public convenience init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[Name.requestSeconds] = Self.latencyBuckets
        self.init(factory: factory, prometheus: registry)
    }

    /// A request's head has been read: one more in flight.
    func requestStarted() {
        inFlightGauge.record(inFlight.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// A request has its answer: one fewer in flight.
    func requestEnded() {
        inFlightGauge.record(inFlight.wrappingSubtract(1, ordering: .relaxed).newValue)
    }

    /// Counts a finished request and records how long it took.
    func request(route: String, method: String, status: Int, elapsed: Duration) {
        CoreMetrics.Counter(
            label: Name.requests, dimensions: [("route", route), ("method", method), ("status", String(status))],
            factory: factory
        ).increment()
        let (seconds, attoseconds) = elapsed.components
        CoreMetrics.Timer(label: Name.requestSeconds, dimensions: [("route", route), ("method", method)], factory: factory)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// The outcome of an accepted report.
    static let accepted = "accepted"

    /// Counts an ingest outcome (`accepted` or a refusal's code): a refusal in the metrics and
    /// the log summary, an accepted report in the log summary only.
    func ingest(_ outcome: String) {
        if outcome != Self.accepted {
            CoreMetrics.Counter(label: Name.ingest, dimensions: [("outcome", outcome)], factory: factory).increment()
        }
        outcomes.withLock { $0[outcome, default: 0] += 1 }
    }

    /// Whether a finished request is counted and timed: every one but an accepted report.
    static func isCounted(route: String, status: Int, presenceRoute: String) -> Bool {
        !(route == presenceRoute && status == 202)
    }

    /// The ingest outcomes counted so far in this process (`accepted` and each refusal code),
    /// for the log summary and the tests: never rendered on `/metrics`.
    public func ingestCounts() -> [String: Int] {
        outcomes.withLock { $0 }
    }

    /// Counts an issued blind token.
    func tokenIssued() {
        tokens.increment()
    }

    /// The Prometheus text (format 0.0.4) of `prometheus`; empty for another backend.
    func render() -> String {
        guard let prometheus else { return "" }
        return Self.withHelp(prometheus.emitToString())
    }

    /// `text` with a `# HELP` line before each known metric's `# TYPE` line (metrics made
    /// through swift-metrics carry no help text of their own).
    static func withHelp(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first,
                let help = help[String(name)]
            {
                lines.append("# HELP \(name) \(help)")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation

/// Where `/metrics` listens: a listener of its own, never the public one.
public struct MetricsAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address to bind (a loopback one unless told otherwise).
    public var host: String
    /// The TCP port (0 picks a free one, announced on stdout and in the log).
    public var port: Int

    /// `host:port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The default: loopback, a free port (two local servers never clash; a scraper is given a
    /// fixed address with `--metrics-address`).
    public static let loopback = MetricsAddress(host: "127.0.0.1", port: 0)

    /// The value that turns the metrics listener off.
    public static let off = "off"

    /// Parses `HOST:PORT` (`[::1]:PORT` for an IPv6 address); nil for ``off``.
    public static func parse(_ text: String) throws(ServerSettingProblem) -> MetricsAddress? {
        if text == off { return nil }
        guard let colon = text.lastIndex(of: ":") else {
            throw ServerSettingProblem("must be HOST:PORT (e.g. 127.0.0.1:9464) or off")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ServerSettingProblem("the host before the colon is empty") }
        guard let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            throw ServerSettingProblem("the port after the last colon must be a number between 0 and 65535")
        }
        return MetricsAddress(host: host, port: port)
    }

    /// `host:port`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

extension ServerSetting {
    /// `--metrics-address`, `LOCI_METRICS_ADDRESS`.
    public static let metricsAddress = text(
        flag: "metrics-address", environment: "LOCI_METRICS_ADDRESS",
        defaultValue: "`127.0.0.1:0` (loopback, a free port, printed at start)",
        help: "Where GET /metrics listens (HOST:PORT, its own listener, never the public one), or off.",
        example: "127.0.0.1:9464"
    ) { text, configuration throws(ServerSettingProblem) in
        configuration.metricsAddress = try MetricsAddress.parse(text)
    }
}

import Foundation

extension ServerConfiguration {
    /// The environment variables read, and what they set.
    public static let environmentKeys = [
        "LOCI_HOST", "PORT", "LOCI_DATA_DIR", "LOCI_PLACES", "DATABASE_URL", "LOCI_EPOCH_SECONDS",
        "LOCI_EPSILON", "LOCI_DELTA", "LOCI_K_MIN", "LOCI_SENSITIVE_AREAS", "LOCI_NODE",
        "LOCI_RATE_LIMIT_PER_CLIENT", "LOCI_RATE_LIMIT_PER_TOKEN",
    ]

    /// Applies the environment over these settings.
    /// - Throws: ``ServerConfigurationError`` naming the variable whose value does not parse.
    public mutating func apply(environment: [String: String]) throws(ServerConfigurationError) {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        func number<T: LosslessStringConvertible>(_ key: String, _ type: T.Type)
            throws(ServerConfigurationError) -> T?
        {
            guard let text = value(key) else { return nil }
            guard let parsed = T(text) else { throw .invalid(name: key, value: text, reason: "not a number") }
            return parsed
        }
        if let host = value("LOCI_HOST") { self.host = host }
        if let port = try number("PORT", Int.self) { self.port = port }
        if let directory = value("LOCI_DATA_DIR") {
            dataDirectory = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath)
        }
        if let places = value("LOCI_PLACES") { placesPath = places }
        if let url = value("DATABASE_URL") { databaseURL = url }
        if let seconds = try number("LOCI_EPOCH_SECONDS", Int64.self) { epochSeconds = seconds }
        if let epsilon = try number("LOCI_EPSILON", Double.self) { self.epsilon = epsilon }
        if let delta = try number("LOCI_DELTA", Double.self) { self.delta = delta }
        if let kMin = try number("LOCI_K_MIN", Int.self) { self.kMin = kMin }
        if let areas = value("LOCI_SENSITIVE_AREAS") { sensitiveAreasPath = areas }
        if let node = value("LOCI_NODE") { nodeName = node }
        if let rate = try number("LOCI_RATE_LIMIT_PER_CLIENT", Double.self) { rateLimitPerClient = rate }
        if let rate = try number("LOCI_RATE_LIMIT_PER_TOKEN", Double.self) { rateLimitPerToken = rate }
    }

    /// Checks ranges before anything starts.
    /// - Throws: ``ServerConfigurationError`` naming the setting.
    public func validate() throws(ServerConfigurationError) {
        guard (0...65_535).contains(port) else {
            throw .invalid(name: "port", value: "\(port)", reason: "not in 0...65535")
        }
        guard epsilon.isFinite, epsilon > 0, epsilon <= 100 else {
            throw .invalid(name: "epsilon", value: "\(epsilon)", reason: "must be in (0, 100]")
        }
        guard delta.isFinite, delta > 0, delta < 1e-2 else {
            throw .invalid(name: "delta", value: "\(delta)", reason: "must be in (0, 0.01)")
        }
        guard rateLimitPerClient > 0, rateLimitPerToken > 0 else {
            throw .invalid(
                name: "rate limits", value: "\(rateLimitPerClient), \(rateLimitPerToken)",
                reason: "must be positive")
        }
        guard kMin >= 1 else { throw .invalid(name: "k-min", value: "\(kMin)", reason: "must be at least 1") }
        do { _ = try heatConfiguration.mechanisms() } catch {
            throw .invalid(name: "heat configuration", value: "", reason: "\(error)")
        }
        if let url = databaseURL, !url.hasPrefix("postgres://"), !url.hasPrefix("postgresql://") {
            throw .invalid(name: "DATABASE_URL", value: "(hidden)", reason: "must start with postgres://")
        }
    }
}

/// A setting that cannot be used, named with its value and why.
public enum ServerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named setting's value is unusable.
    case invalid(name: String, value: String, reason: String)
    /// A needed file is missing; the message says how to make it.
    case missingData(path: String, hint: String)
    /// A mode this build does not offer yet.
    case unsupported(String)

    /// One line for the terminal.
    public var description: String {
        switch self {
        case .invalid(let name, let value, let reason): "\(name)=\(value): \(reason)"
        case .missingData(let path, let hint): "missing \(path): \(hint)"
        case .unsupported(let what): what
        }
    }
}

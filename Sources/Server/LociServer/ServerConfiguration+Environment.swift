import Foundation

extension ServerConfiguration {
    /// The environment variables read (``ServerSetting/all``'s).
    public static var environmentKeys: [String] { ServerSetting.all.map(\.environment) }

    /// Applies the environment over these settings (an empty variable counts as unset).
    /// - Throws: ``ServerConfigurationError`` naming the variable and its value
    ///   (`LOCI_EPOCH_SECONDS=20: must be between 60 and 86400`).
    public mutating func apply(environment: [String: String]) throws(ServerConfigurationError) {
        for setting in ServerSetting.all {
            guard let text = environment[setting.environment], !text.isEmpty else { continue }
            try setting.apply(text, fromFlag: false, to: &self)
        }
    }

    /// Applies flag values over these settings (after the environment: flags win).
    /// - Throws: ``ServerConfigurationError`` naming the flag and its value
    ///   (`--epoch-seconds 20: must be between 60 and 86400`).
    public mutating func apply(flags: [(ServerSetting, String?)]) throws(ServerConfigurationError) {
        for case (let setting, let text?) in flags {
            try setting.apply(text, fromFlag: true, to: &self)
        }
    }

    /// Checks every setting's range (for a configuration built in code; parsed values were
    /// checked as they were applied), and that the privacy budget calibrates.
    /// - Throws: ``ServerConfigurationError`` naming the setting by its flag (or variable).
    public func validate() throws(ServerConfigurationError) {
        for setting in ServerSetting.all {
            if let (value, problem) = setting.check(self) {
                throw .invalid(name: setting.option ?? setting.environment, value: value, reason: problem.reason)
            }
        }
        do { _ = try heatConfiguration.mechanisms() } catch {
            throw .invalid(
                name: "--epsilon/--delta/--daily-epochs", value: "\(epsilon)/\(delta)/\(dailyEpochs)", reason: "\(error)")
        }
    }
}

/// A setting that cannot be used, named with its value and why.
public enum ServerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named setting's value is unusable: `name` is the flag (`--port`) or the variable
    /// (`PORT`) it came from.
    case invalid(name: String, value: String, reason: String)
    /// A needed file is missing or unusable; `hint` says what to run.
    case missingData(path: String, hint: String)
    /// A mode this build does not offer yet.
    case unsupported(String)

    /// One line for the terminal: `--port 70000: must be between 0 and 65535`,
    /// `PORT=70000: must be between 0 and 65535`.
    public var description: String {
        switch self {
        case .invalid(let name, let value, let reason):
            name.hasPrefix("--") ? "\(name) \(value): \(reason)" : "\(name)=\(value): \(reason)"
        case .missingData(let path, let hint): "\(path): \(hint)"
        case .unsupported(let what): what
        }
    }
}

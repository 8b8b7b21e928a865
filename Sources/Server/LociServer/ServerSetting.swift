/// One setting of `loci serve`, described once: its flag, environment variable, default, help
/// and parser (with its range check). The flags of `loci serve`, the environment parsing, the
/// help's list of variables and the table in `docs/server.md` all come from ``all``.
///
/// A value is parsed and checked as it is applied; an unusable one is refused naming what the
/// user set (`--epoch-seconds 20: must be between 60 and 86400`, or
/// `LOCI_EPOCH_SECONDS=20: …` from the environment).
public struct ServerSetting: Sendable {
    /// The long flag without its dashes (`epoch-seconds`), nil for a variable with no flag.
    public let flag: String?
    /// The environment variable (`LOCI_EPOCH_SECONDS`).
    public let environment: String
    /// The default, as a person reads it (for the help and the docs).
    public let defaultValue: String
    /// What the setting does: one short sentence (the flag's help).
    public let help: String
    /// A valid value other than the default (tests apply it through the flag and the variable).
    public let example: String
    /// Parses and range-checks a value and stores it; throws the reason when it is unusable.
    let parse: @Sendable (String, inout ServerConfiguration) throws(ServerSettingProblem) -> Void
    /// Checks the value a configuration holds (one built in code, not parsed); nil when fine.
    let check: @Sendable (ServerConfiguration) -> (value: String, problem: ServerSettingProblem)?
    /// A switch: the flag takes no value (`--development-attestation`), the variable takes
    /// `1`/`true`/`yes` or `0`/`false`/`no`.
    public var isSwitch = false

    /// `--flag` when there is a flag.
    public var option: String? { flag.map { "--\($0)" } }

    /// Applies `text` given through the flag (`fromFlag`) or the environment variable.
    /// - Throws: ``ServerConfigurationError/invalid(name:value:reason:)`` naming the flag or variable.
    func apply(_ text: String, fromFlag: Bool, to configuration: inout ServerConfiguration)
        throws(ServerConfigurationError)
    {
        do { try parse(text, &configuration) } catch {
            let name = fromFlag ? (option ?? environment) : environment
            throw .invalid(name: name, value: redacted(text), reason: error.reason)
        }
    }

    /// What an error may show of a value: `DATABASE_URL` carries a password, so none of it.
    func redacted(_ text: String) -> String {
        environment == "DATABASE_URL" ? "(hidden)" : text
    }
}

/// Why a value is unusable (`must be between 60 and 86400`).
public struct ServerSettingProblem: Error, Sendable, Equatable {
    /// The reason, in words after the value.
    public let reason: String

    /// A problem saying `reason`.
    public init(_ reason: String) { self.reason = reason }
}

import AppAttest
import Foundation

extension ServerSetting {
    /// `--development-attestation`, `LOCI_DEVELOPMENT_ATTESTATION`.
    public static let developmentAttestation = ServerSetting(
        flag: "development-attestation", environment: "LOCI_DEVELOPMENT_ATTESTATION", defaultValue: "off",
        help:
            "Accept any non-empty attestation (development only: registrations become free). Without it, an App Attest app id is required.",
        example: "1",
        parse: { text, configuration throws(ServerSettingProblem) in
            switch text.lowercased() {
            case "1", "true", "yes": configuration.developmentAttestation = true
            case "0", "false", "no": configuration.developmentAttestation = false
            default: throw ServerSettingProblem("must be 1, true, yes, 0, false or no")
            }
        },
        check: { _ in nil }, isSwitch: true)

    /// `--app-attest-app-ids`, `LOCI_APP_ATTEST_APP_IDS`.
    public static let appAttestAppIDs = text(
        flag: "app-attest-app-ids", environment: "LOCI_APP_ATTEST_APP_IDS", defaultValue: "none",
        help: "App ids (TEAMID.bundle.id, comma-separated) whose App Attest attestations may register.",
        example: "ABCDE12345.com.example.tidepool"
    ) { text, configuration throws(ServerSettingProblem) in
        let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for id in ids {
            let parts = id.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                !parts[1].isEmpty
            else { throw ServerSettingProblem("\(id) is not TEAMID.bundle.id (a 10-character team id, a dot, the bundle id)") }
        }
        configuration.appAttestAppIDs = ids
    }

    /// `--app-attest-environment`, `LOCI_APP_ATTEST_ENVIRONMENT`.
    public static let appAttestEnvironments = text(
        flag: "app-attest-environment", environment: "LOCI_APP_ATTEST_ENVIRONMENT", defaultValue: "`production`",
        help: "App Attest environments accepted: production, development, or both comma-separated.",
        example: "production,development"
    ) { text, configuration throws(ServerSettingProblem) in
        var environments: Set<AppAttestEnvironment> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let environment = AppAttestEnvironment(rawValue: name) else {
                throw ServerSettingProblem("\(name) is neither production nor development")
            }
            environments.insert(environment)
        }
        guard !environments.isEmpty else { throw ServerSettingProblem("must name production, development or both") }
        configuration.appAttestEnvironments = environments
    }

    /// `LOCI_REGISTRATIONS_PER_MINUTE`.
    public static let registrationsPerMinute = number(
        flag: nil, environment: "LOCI_REGISTRATIONS_PER_MINUTE", defaultValue: "5",
        help:
            "Registrations (and registration challenges) per minute per client address, in bursts of that many; 429 above.",
        example: "60", bounds: Bounds(above: 0), \.registrationsPerMinute)
}

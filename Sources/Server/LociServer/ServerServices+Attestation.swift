import AccountService
import AppAttest
import LociServerStore
import ServerRepositories

extension ServerServices {
    /// The registration verifier `configuration` asks for: the development one with
    /// ``ServerConfiguration/developmentAttestation``, else App Attest for the configured app ids
    /// and environments, with challenges kept in `store`.
    /// - Throws: ``ServerConfigurationError`` when neither is configured (``ServerConfiguration/checkAttestation()``).
    public static func attestation(for configuration: ServerConfiguration, store: any ChallengeRepository)
        throws(ServerConfigurationError) -> any RegistrationAttestation
    {
        try configuration.checkAttestation()
        if configuration.developmentAttestation { return DevelopmentAttestation() }
        do {
            let verifier = try AppAttestVerifier(
                appIDs: configuration.appAttestAppIDs, environments: configuration.appAttestEnvironments)
            return AppAttestRegistration(verifier: verifier, challenges: ChallengeService(store: store))
        } catch {
            throw .unsupported("App Attest's root certificate did not load: \(error)")
        }
    }
}

extension ServerConfiguration {
    /// Refuses a configuration with no way to verify registrations: neither an App Attest app id
    /// nor the explicit development flag.
    /// - Throws: ``ServerConfigurationError/unsupported(_:)`` saying which setting to use.
    public func checkAttestation() throws(ServerConfigurationError) {
        guard developmentAttestation || !appAttestAppIDs.isEmpty else {
            throw .unsupported(
                "registration needs a verifier: set --app-attest-app-ids TEAMID.bundle.id (LOCI_APP_ATTEST_APP_IDS) "
                    + "to verify Apple App Attest, or pass --development-attestation (LOCI_DEVELOPMENT_ATTESTATION=1) "
                    + "to accept any attestation while developing")
        }
    }
}

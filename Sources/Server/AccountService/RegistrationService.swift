import ServerRepositories

/// A new device's registration: the attestation checked (``RegistrationAttestation``), then the
/// device, its secret and first session created (``SessionService/register(at:)``).
public struct RegistrationService: Sendable {
    /// The verifier registrations pass.
    public let attestation: any RegistrationAttestation
    private let sessions: SessionService

    /// Creates the service.
    public init(attestation: any RegistrationAttestation, sessions: SessionService) {
        self.attestation = attestation
        self.sessions = sessions
    }

    /// Registers the device presenting `evidence` at `now` (Unix seconds).
    /// - Throws: ``RegistrationRefusal`` when the attestation is refused or the store failed.
    public func register(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal)
        -> SessionService.Registration
    {
        try await attestation.check(evidence, at: now)
        do { return try await sessions.register(at: now) } catch { throw .storage(error) }
    }
}

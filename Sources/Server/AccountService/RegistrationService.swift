import Foundation
import ServerRepositories

/// A new device's registration: the attestation checked (``RegistrationAttestation``), then the
/// device, its secret and first session created (``SessionService/register(at:)``).
public struct RegistrationService: Sendable {
    /// The verifier registrations pass.
    public let attestation: any RegistrationAttestation
    private let sessions: SessionService
    /// Where a device's budget unit (its App Attest key) is recorded; nil records none.
    private let units: (any BudgetUnitRepository)?

    /// Creates the service.
    /// - Parameter units: where the budget unit of a device that presented an App Attest key id
    ///   is recorded (the token cap is counted per key, which survives "Delete everything").
    public init(
        attestation: any RegistrationAttestation, sessions: SessionService, units: (any BudgetUnitRepository)? = nil
    ) {
        self.attestation = attestation
        self.sessions = sessions
        self.units = units
    }

    /// The budget unit of an App Attest key id (base64, as the app sends it): `app-attest:` and
    /// the key id's bytes in hex, so two spellings of one key are one unit. A key id that is not
    /// base64 (the development verifier's) is kept as sent.
    public static func budgetUnit(keyID: String) -> String {
        guard let bytes = Data(base64Encoded: keyID) else { return "app-attest:" + keyID }
        return "app-attest:" + bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Registers the device presenting `evidence` at `now` (Unix seconds).
    /// - Throws: ``RegistrationRefusal`` when the attestation is refused or the store failed.
    public func register(_ evidence: RegistrationEvidence, at now: Int64) async throws(RegistrationRefusal)
        -> SessionService.Registration
    {
        try await attestation.check(evidence, at: now)
        do {
            let registration = try await sessions.register(at: now)
            if let units, let keyID = evidence.keyID, !keyID.isEmpty {
                try await units.setBudgetUnit(Self.budgetUnit(keyID: keyID), deviceID: registration.session.deviceID)
            }
            return registration
        } catch { throw .storage(error) }
    }
}

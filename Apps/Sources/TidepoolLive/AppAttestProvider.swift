import CryptoKit
import DeviceCheck
import Foundation
import TidepoolClient
import TidepoolFeature

/// App Attest through `DCAppAttestService`: an `AttestationProvider`.
///
/// Each registration generates a new key in the Secure Enclave and attests it with
/// clientDataHash = SHA-256 of the server's challenge (its UTF-8 bytes), which is what the
/// server's verifier recomputes. The key is not reused for assertions yet, so its id is not kept.
/// On the simulator and on devices without the Secure Enclave `isSupported` is false: the
/// registration fails with a clear reason (a development server accepts the development
/// verifier's string instead; see docs/tidepool.md).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct AppAttestProvider: AttestationProvider {
    /// A provider over the shared service.
    public init() {}

    /// A new attested key over `challenge`.
    public func attest(challenge: String) async throws(AttestationFailure) -> DeviceAttestation {
        let service = DCAppAttestService.shared
        guard service.isSupported else {
            throw AttestationFailure("App Attest is not supported on this device")
        }
        let hash = Data(SHA256.hash(data: Data(challenge.utf8)))
        do {
            let keyID = try await service.generateKey()
            let attestation = try await service.attestKey(keyID, clientDataHash: hash)
            return DeviceAttestation(
                attestation: attestation.base64EncodedString(), keyID: keyID, platform: .ios)
        } catch {
            throw AttestationFailure("DCAppAttestService: \(error.localizedDescription)")
        }
    }
}

import Foundation
import TidepoolClient

/// What a device presents at registration: App Attest's attested key and attestation object.
public struct DeviceAttestation: Sendable, Equatable {
    /// The attestation object (base64), or any non-empty string for a development server.
    public var attestation: String
    /// The attested key's id (base64), or nil when the platform has no key (development).
    public var keyID: String?
    /// The platform registering.
    public var platform: DevicePlatform

    /// An attestation.
    public init(attestation: String, keyID: String?, platform: DevicePlatform) {
        self.attestation = attestation
        self.keyID = keyID
        self.platform = platform
    }
}

/// Attests a new device key over the server's registration challenge: `DCAppAttestService` on
/// the phone (generate a key, attest it with clientDataHash = SHA-256 of the challenge's UTF-8
/// bytes), ``FakeAttestationProvider`` in tests.
public protocol AttestationProvider: Sendable {
    /// A fresh key attested over `challenge` (the string from `POST /v1/auth/challenge`).
    /// - Throws: ``AttestationFailure`` when the platform cannot attest (unsupported device,
    ///   the service's error).
    func attest(challenge: String) async throws(AttestationFailure) -> DeviceAttestation
}

/// Why the device could not produce an attestation, in the platform's words.
public struct AttestationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the platform said.
    public var reason: String

    /// A failure for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// "attestation: reason".
    public var description: String { "attestation: \(reason)" }
}

/// An attestation provider for tests and the development server: a fixed key id and an
/// "attestation" that names the challenge it was made for, so a test can see which challenge
/// was used. Only a server started with the development verifier accepts it.
public actor FakeAttestationProvider: AttestationProvider {
    /// The challenges attested, in order.
    public private(set) var challenges: [String] = []
    private let failure: AttestationFailure?

    /// A provider that attests (or, with `failure`, refuses every time).
    public init(failing failure: AttestationFailure? = nil) { self.failure = failure }

    /// `fake-attestation:<challenge>` with key id `ZmFrZS1rZXk=` ("fake-key").
    public func attest(challenge: String) throws(AttestationFailure) -> DeviceAttestation {
        if let failure { throw failure }
        challenges.append(challenge)
        return DeviceAttestation(
            attestation: "fake-attestation:\(challenge)", keyID: "ZmFrZS1rZXk=", platform: .ios)
    }
}

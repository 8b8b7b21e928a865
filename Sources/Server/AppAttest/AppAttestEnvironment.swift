/// Which App Attest environment an attestation was made in, read from the authenticator
/// data's AAGUID.
///
/// Apps signed for development (Xcode builds, the `com.apple.developer.devicecheck.appattest-environment`
/// entitlement set to `development`) attest in ``development``; App Store and TestFlight builds in
/// ``production``. A server accepts the environments it is configured for.
public enum AppAttestEnvironment: String, Sendable, Hashable, CaseIterable {
    /// AAGUID `appattestdevelop` (16 ASCII bytes).
    case development
    /// AAGUID `appattest` followed by seven zero bytes.
    case production

    /// The 16-byte AAGUID this environment writes in the authenticator data.
    public var aaguid: [UInt8] {
        switch self {
        case .development: Array("appattestdevelop".utf8)
        case .production: Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        }
    }

    /// The environment whose AAGUID is `aaguid`, nil for any other value.
    public init?(aaguid: [UInt8]) {
        guard let environment = Self.allCases.first(where: { $0.aaguid == aaguid }) else { return nil }
        self = environment
    }
}

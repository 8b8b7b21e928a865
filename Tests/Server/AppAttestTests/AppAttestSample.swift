import Foundation
import Testing

/// One real attestation from `Samples/attestations.json` (origin in `Samples/ORIGIN.md`).
struct AppAttestSample: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let appID: String
    let environment: String
    let challengeBase64: String
    let keyIDBase64: String
    let timestamp: String
    let attestationBase64: String

    var testDescription: String { name }

    var attestation: [UInt8] { Array(Data(base64Encoded: attestationBase64) ?? Data()) }
    var keyID: [UInt8] { Array(Data(base64Encoded: keyIDBase64) ?? Data()) }
    var challenge: [UInt8] { Array(Data(base64Encoded: challengeBase64) ?? Data()) }

    /// When the attestation was made (inside its certificates' validity).
    var madeAt: Date {
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return (try? format.parse(timestamp)) ?? .distantPast
    }

    /// Every sample.
    static let all: [AppAttestSample] = {
        guard let url = Bundle.module.url(forResource: "attestations", withExtension: "json", subdirectory: "Samples"),
            let data = try? Data(contentsOf: url),
            let samples = try? JSONDecoder().decode([AppAttestSample].self, from: data)
        else { return [] }
        return samples
    }()

    /// A real root that is not App Attest's (Apple Root CA - G3).
    static let otherRootPEM: String = {
        guard let url = Bundle.module.url(forResource: "AppleRootCA-G3", withExtension: "pem", subdirectory: "Samples"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }()
}

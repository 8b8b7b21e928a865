import AppAttest
import CBORDecoding
import Foundation
import Testing

@Suite("App Attest verifier on real attestations")
struct AppAttestVerifierTests {
    static let appID = "6MURL8TA57.de.vincent-haupert.apple-appattest-poc"

    func verifier(
        appIDs: [String] = [appID], environments: Set<AppAttestEnvironment> = [.development],
        rootPEM: String = AppAttestRootCertificate.pem
    ) throws -> AppAttestVerifier {
        try AppAttestVerifier(appIDs: appIDs, environments: environments, rootPEM: rootPEM)
    }

    /// The failure `verify` throws, or nil when it passes.
    func failure(
        _ verifier: AppAttestVerifier, _ sample: AppAttestSample, attestation: [UInt8]? = nil,
        keyID: [UInt8]? = nil, challenge: [UInt8]? = nil, at time: Date? = nil
    ) async -> AppAttestError? {
        do {
            _ = try await verifier.verify(
                attestation: attestation ?? sample.attestation, keyID: keyID ?? sample.keyID,
                challenge: challenge ?? sample.challenge, at: time ?? sample.madeAt)
            return nil
        } catch { return error }
    }

    @Test("the seven samples are all there")
    func samplesLoad() {
        #expect(AppAttestSample.all.count == 7)
        #expect(!AppAttestSample.otherRootPEM.isEmpty)
    }

    @Test("each sample verifies at the time it was made", arguments: AppAttestSample.all)
    func verifies(sample: AppAttestSample) async throws {
        let verified = try await verifier().verify(
            attestation: sample.attestation, keyID: sample.keyID, challenge: sample.challenge, at: sample.madeAt)
        #expect(verified.appID == Self.appID)
        #expect(verified.environment == .development)
        #expect(verified.keyID == sample.keyID)
        #expect(verified.publicKey.count == 65 && verified.publicKey.first == 0x04)
        #expect(!verified.receipt.isEmpty)
    }

    @Test("a production-only verifier refuses a development attestation", arguments: AppAttestSample.all)
    func refusesTheOtherEnvironment(sample: AppAttestSample) async throws {
        let production = try verifier(environments: [.production])
        #expect(await failure(production, sample) == .environmentNotAccepted(found: "development"))
    }

    @Test("a flipped byte anywhere in the authenticator data breaks the nonce", arguments: [0, 32, 36, 40, 60, 100, 163])
    func flippedAuthData(index: Int) async throws {
        let sample = try #require(AppAttestSample.all.last)
        // authData is the object's last value: 164 bytes at its end.
        var bytes = sample.attestation
        let authData = bytes.count - 164
        bytes[authData + index] ^= 0x01
        #expect(await failure(try verifier(), sample, attestation: bytes) == .nonceMismatch)
    }

    @Test("another challenge breaks the nonce")
    func wrongChallenge() async throws {
        let sample = try #require(AppAttestSample.all.first)
        #expect(await failure(try verifier(), sample, challenge: Array("wurzelpfropg".utf8)) == .nonceMismatch)
    }

    @Test("another app id is refused at step 6")
    func wrongAppID() async throws {
        let sample = try #require(AppAttestSample.all.first)
        let other = try verifier(appIDs: ["6MURL8TA57.de.vincent-haupert.other"])
        #expect(await failure(other, sample) == .appIDMismatch)
    }

    @Test("another key id is refused at step 5")
    func wrongKeyID() async throws {
        let samples = AppAttestSample.all
        let sample = try #require(samples.first)
        let otherKey = try #require(samples.last).keyID
        #expect(await failure(try verifier(), sample, keyID: otherKey) == .keyIDMismatch)
    }

    @Test("a chain to another root is refused at step 1")
    func otherRoot() async throws {
        let sample = try #require(AppAttestSample.all.first)
        let error = await failure(try verifier(rootPEM: AppAttestSample.otherRootPEM), sample)
        guard case .untrustedChain = error else {
            Issue.record("expected untrustedChain, got \(String(describing: error))")
            return
        }
    }

    @Test("a time outside the credential certificate's validity is refused at step 1", arguments: [-5.0, 5.0])
    func outsideValidity(days: Double) async throws {
        let sample = try #require(AppAttestSample.all.first)
        let error = await failure(try verifier(), sample, at: sample.madeAt.addingTimeInterval(days * 86_400))
        guard case .untrustedChain = error else {
            Issue.record("expected untrustedChain, got \(String(describing: error))")
            return
        }
    }

    @Test("every truncation of a sample is refused as malformed CBOR")
    func truncated() async throws {
        let sample = try #require(AppAttestSample.all.first)
        let bytes = sample.attestation
        for length in stride(from: 0, to: bytes.count, by: 97) {
            let error = await failure(try verifier(), sample, attestation: Array(bytes.prefix(length)))
            #expect(isTruncation(error), "\(length) bytes: \(String(describing: error))")
        }
    }

    func isTruncation(_ error: AppAttestError?) -> Bool {
        if case .malformedCBOR(let cbor) = error { return cbor.kind == .truncated }
        return false
    }

    @Test("another format is refused before any certificate is read")
    func otherFormat() async throws {
        let sample = try #require(AppAttestSample.all.first)
        var bytes = sample.attestation
        // `fmt` is the first value: "apple-appattest" starts at byte 6; make it "bpple-appattest".
        #expect(bytes[6] == UInt8(ascii: "a"))
        bytes[6] = UInt8(ascii: "b")
        #expect(await failure(try verifier(), sample, attestation: bytes) == .unsupportedFormat("bpple-appattest"))
    }
}

@Suite("App Attest authenticator data")
struct AuthenticatorDataTests {
    @Test("reads the counter, AAGUID and credential id, and refuses short data")
    func reads() throws {
        let rp = [UInt8](repeating: 7, count: 32)
        let bytes = rp + [0x40, 0, 0, 0, 5] + AppAttestEnvironment.production.aaguid + [0, 2, 9, 9] + [0xa0]
        let data = try AuthenticatorData(bytes)
        #expect(data.counter == 5)
        #expect(AppAttestEnvironment(aaguid: data.aaguid) == .production)
        #expect(data.credentialID == [9, 9])
        #expect(throws: AppAttestError.self) { try AuthenticatorData(Array(bytes.prefix(54))) }
        #expect(throws: AppAttestError.self) { try AuthenticatorData(rp + [0x00] + Array(bytes.dropFirst(33))) }
    }
}

import Foundation
import Testing
import TidepoolTokens

/// A blinded message at or above the key's modulus is the client's mistake: refused as malformed
/// (a 400 on the wire), never a cryptography failure (a 500), and it spends nothing.
@Suite("Blinded messages outside the key's range")
struct BlindedMessageRangeTests {
    @Test("all ones (above any modulus) and the zero-padded top byte set are refused as malformed; the epoch stays unspent")
    func aboveModulus() throws {
        let keyring = try EpochKeyring(currentEpoch: 7)
        let issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        let size = keyring.keySizeBits / 8
        for message in [Data(repeating: 0xFF, count: size), Data([0xFF]) + Data(repeating: 0, count: size - 1)] {
            let error = try #require(throws: TokenError.self) {
                try issuer.issue(device: "device-a", epoch: 7, blindedMessage: message)
            }
            guard case .malformed(let field, let reason) = error else {
                Issue.record("expected malformed, got \(error)")
                continue
            }
            #expect(field == "blinded_message")
            #expect(reason.contains("modulus"))
        }
        // The refusals spent nothing: a real blinded message is still signed for this device.
        let pending = try TokenClient().request(epoch: 7, publicKeyDER: try keyring.publicKeyDER(epoch: 7))
        _ = try issuer.issue(device: "device-a", epoch: 7, blindedMessage: pending.blindedMessage)
    }
}

import Foundation
import GeoKit
import Testing
import TidepoolTokens

@Suite("Anonymous one-per-epoch tokens (RFC 9474 blind RSA)", .serialized)
struct TokenTests {
    static let tile = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384))

    /// A keyring at epoch 500, with its issuer and verifier.
    struct Server {
        let keyring: EpochKeyring
        let issuer: TokenIssuer
        let verifier: TokenVerifier

        init() throws {
            keyring = try EpochKeyring(currentEpoch: 500)
            issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
            verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore())
        }

        /// Runs the whole device ↔ issuer exchange for `device`.
        func token(for device: String) throws -> PresenceToken {
            let epoch = keyring.currentEpoch
            let client = TokenClient()
            let pending = try client.request(
                epoch: epoch, publicKeyDER: try keyring.publicKeyDER(epoch: epoch))
            let blind = try issuer.issue(device: device, epoch: epoch, blindedMessage: pending.blindedMessage)
            return try client.finish(pending, blindSignature: blind)
        }
    }

    @Test("a token is issued once per device per epoch and redeems once")
    func issueAndRedeem() throws {
        let server = try Server()
        let token = try server.token(for: "device-a")
        try server.verifier.redeem(token.redemption(for: Self.tile))
        // Second issuance to the same device in the epoch: refused.
        let pending = try TokenClient().request(
            epoch: 500, publicKeyDER: try server.keyring.publicKeyDER(epoch: 500))
        #expect(throws: TokenError.alreadyIssued(epoch: 500)) {
            try server.issuer.issue(device: "device-a", epoch: 500, blindedMessage: pending.blindedMessage)
        }
        // Another device is fine.
        _ = try server.token(for: "device-b")
    }

    @Test("a spent nonce is refused, even for another tile")
    func doubleSpend() throws {
        let server = try Server()
        let token = try server.token(for: "device-a")
        try server.verifier.redeem(token.redemption(for: Self.tile))
        #expect(throws: TokenError.doubleSpend(epoch: 500)) {
            try server.verifier.redeem(token.redemption(for: Self.tile))
        }
        let elsewhere = GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.2, longitude: 24.9))
        #expect(throws: TokenError.doubleSpend(epoch: 500)) {
            try server.verifier.redeem(token.redemption(for: elsewhere))
        }
    }

    @Test("forged tokens are refused and spend nothing")
    func forgery() throws {
        let server = try Server()
        let token = try server.token(for: "device-a")
        // A random signature.
        var random = SystemRandomNumberGenerator()
        let noise = Data((0..<256).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(throws: TokenError.invalidSignature(epoch: 500)) {
            try server.verifier.redeem(
                TokenRedemption(tile: Self.tile, epoch: 500, nonce: token.nonce, signature: noise))
        }
        // A real signature on a different nonce.
        var otherNonce = token.nonce
        otherNonce[0] ^= 1
        #expect(throws: TokenError.invalidSignature(epoch: 500)) {
            try server.verifier.redeem(
                TokenRedemption(tile: Self.tile, epoch: 500, nonce: otherNonce, signature: token.signature))
        }
        // A token signed by another server's key for the same epoch.
        let stranger = try Server().token(for: "device-a")
        #expect(throws: TokenError.invalidSignature(epoch: 500)) {
            try server.verifier.redeem(stranger.redemption(for: Self.tile))
        }
        // Wrong sizes and non-base tiles are malformed.
        #expect(throws: TokenError.self) {
            try server.verifier.redeem(
                TokenRedemption(tile: Self.tile, epoch: 500, nonce: Data([1, 2]), signature: token.signature))
        }
        let parent = try #require(GridTiler.standard.parent(of: Self.tile))
        #expect(throws: TokenError.self) { try server.verifier.redeem(token.redemption(for: parent)) }
        // None of the refusals spent the genuine token.
        try server.verifier.redeem(token.redemption(for: Self.tile))
    }

    @Test("after rotation the old epoch's token is refused and its key is gone")
    func wrongEpoch() throws {
        let server = try Server()
        let old = try server.token(for: "device-a")
        try server.keyring.rotate(to: 501)
        #expect(throws: TokenError.wrongEpoch(epoch: 500, current: 501)) {
            try server.verifier.redeem(old.redemption(for: Self.tile))
        }
        #expect(throws: TokenError.unknownEpoch(epoch: 500, current: 501)) {
            try server.keyring.publicKeyDER(epoch: 500)
        }
        // Relabelling the old token as epoch 501 does not verify under 501's key.
        #expect(throws: TokenError.invalidSignature(epoch: 501)) {
            try server.verifier.redeem(
                TokenRedemption(tile: Self.tile, epoch: 501, nonce: old.nonce, signature: old.signature))
        }
        // The device may get a fresh token in the new epoch.
        try server.verifier.redeem(try server.token(for: "device-a").redemption(for: Self.tile))
        #expect(throws: TokenError.self) { try server.keyring.rotate(to: 499) }
    }

    @Test("the issuer's view of an issuance is fresh randomness: it cannot be matched to the redemption")
    func unlinkable() throws {
        let server = try Server()
        let key = try server.keyring.publicKeyDER(epoch: 500)
        // The same token input (epoch and nonce) blinded twice.
        let nonce = TokenMessage.randomNonce()
        let first = try TokenClient().request(epoch: 500, publicKeyDER: key, nonce: nonce)
        let second = try TokenClient().request(epoch: 500, publicKeyDER: key, nonce: nonce)
        #expect(first.blindedMessage != second.blindedMessage)
        let firstBlind = try server.issuer.issue(
            device: "device-a", epoch: 500, blindedMessage: first.blindedMessage)
        let secondBlind = try server.issuer.issue(
            device: "device-b", epoch: 500, blindedMessage: second.blindedMessage)
        #expect(firstBlind != secondBlind)
        // Both unblind to valid tokens for the same input (the second, verified, is refused only
        // as a double spend), so what the issuer saw differs while what is redeemed is the
        // same: nothing in the issuance can single out which device holds a redeemed token.
        let firstToken = try TokenClient().finish(first, blindSignature: firstBlind)
        let secondToken = try TokenClient().finish(second, blindSignature: secondBlind)
        #expect(firstToken.nonce == nonce && secondToken.nonce == nonce)
        try server.verifier.redeem(firstToken.redemption(for: Self.tile))
        #expect(throws: TokenError.doubleSpend(epoch: 500)) {
            try server.verifier.redeem(secondToken.redemption(for: Self.tile))
        }
        // The issuer's one handle on linking: blind signature ÷ signature (mod n) is the
        // blinding factor. A fixed (or repeated) factor would make it equal across issuances,
        // and the issuer could match every redemption to the device it issued to.
        let sameFactor = try BlindingFactor.same(
            blind1: firstBlind, signature1: firstToken.signature, blind2: secondBlind,
            signature2: secondToken.signature, publicKeyDER: key)
        #expect(!sameFactor)
        // The arithmetic is right: a blind signature to the public exponent is the blinded message.
        #expect(
            try BlindingFactor.publicPower(firstBlind, publicKeyDER: key)
                == BlindingFactor.limbs(first.blindedMessage))
        // And no issuance bytes appear in the redemption, nor the redemption's in the issuance.
        for (blinded, blind) in [(first.blindedMessage, firstBlind), (second.blindedMessage, secondBlind)] {
            #expect(blind != firstToken.signature)
            #expect(blinded.range(of: nonce) == nil)
            #expect(blind.range(of: firstToken.signature) == nil)
        }
    }
}

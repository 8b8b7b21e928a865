import Foundation
import GeoKit
import LociAPI
import OpenAPIRuntime
import TidepoolTokens

extension TidepoolClient {
    /// The current epoch and its blind-signing public key.
    public func epoch() async throws(TidepoolClientError) -> TidepoolEpoch {
        let operation = Operations.GetV1TidepoolEpoch.id
        return try await perform(operation) {
            let answer = try await api.getV1TidepoolEpoch()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// The published keys (`GET /v1/tidepool/keys`), read over the anonymous session (no
    /// Authorization header, no cookie), so the server cannot tailor the list to the device.
    /// - Throws: ``TidepoolClientError/token(message:)`` for a key that is not base64 or a digest
    ///   that is not the list's.
    public func epochKeys() async throws(TidepoolClientError) -> PublishedEpochKeys {
        let operation = Operations.GetV1TidepoolKeys.id
        let answer = try await perform(operation) {
            let answer = try await anonymousAPI.getV1TidepoolKeys()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
        return try Self.published(answer)
    }

    /// The checked list of a keys answer.
    static func published(_ answer: Components.Schemas.EpochKeys) throws(TidepoolClientError)
        -> PublishedEpochKeys
    {
        var keys: [Int64: Data] = [:]
        for key in answer.keys {
            guard let der = Data(base64Encoded: key.publicKey) else {
                throw .token(message: "the published key of epoch \(key.epoch) is not base64")
            }
            keys[Int64(key.epoch)] = der
        }
        let published = PublishedEpochKeys(keys: keys)
        do { try published.check(digest: answer.digest) } catch { throw .token(message: error.description) }
        return published
    }

    /// One blind presence token for `epoch`: the epoch's key checked against the published list
    /// (``epochKeys()``), a blinded request (`TokenClient.request`), the server's blind signature
    /// (authenticated, once per device per epoch), then unblinded and checked
    /// (`TokenClient.finish`). The server never sees the token it signed.
    /// - Throws: ``TidepoolClientError/token(message:)`` for a key outside the published list, or
    ///   a key or signature that does not check; ``TidepoolClientError/alreadyIssued(message:)``
    ///   for a second token in the epoch.
    public func presenceToken(for epoch: TidepoolEpoch) async throws(TidepoolClientError) -> PresenceToken {
        guard let key = Data(base64Encoded: epoch.publicKey) else {
            throw .token(message: "the epoch's public_key is not base64")
        }
        let published = try await epochKeys()
        let client = TokenClient()
        let pending: TokenClient.Pending
        do {
            pending = try client.request(epoch: Int64(epoch.epoch), publicKeyDER: key, published: published)
        } catch {
            throw .token(message: error.description)
        }
        let operation = Operations.PostV1TidepoolTokens.id
        let blinded = pending.blindedMessage.base64EncodedString()
        let signed = try await authorised(operation) {
            let answer = try await api.postV1TidepoolTokens(
                body: .json(.init(epoch: epoch.epoch, blindedMessage: blinded)))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
        guard let signature = Data(base64Encoded: signed.blindSignature) else {
            throw .token(message: "the blind_signature is not base64")
        }
        do { return try client.finish(pending, blindSignature: signature) } catch {
            throw .token(message: error.description)
        }
    }

    /// Blind tokens for several current or coming epochs in one authenticated request
    /// (`POST /v1/tidepool/tokens/batch`), all or none: each epoch's key is taken from the
    /// published list (``epochKeys()``, read anonymously), one blinded request per epoch is sent
    /// in a single call, and every signature is unblinded and checked.
    /// - Parameter epochs: distinct epochs, each with a published key (at most the server's
    ///   `daily_epoch_cap`).
    /// - Returns: the tokens, in the order of `epochs`.
    /// - Throws: ``TidepoolClientError/token(message:)`` for an epoch without a published key
    ///   (nothing is asked of the server) or a signature that does not check;
    ///   ``TidepoolClientError/alreadyIssued(message:)`` when the device holds one of the epochs'
    ///   tokens; ``TidepoolClientError/daySpent(message:)`` when the batch would put more than the
    ///   cap in a day's worth of consecutive epochs; ``TidepoolClientError/wrongEpoch(message:)``
    ///   for a past epoch; ``TidepoolClientError/notRegistered`` before registration.
    public func presenceTokens(for epochs: [Int64]) async throws(TidepoolClientError) -> [PresenceToken] {
        let published = try await epochKeys()
        let pending = try Self.blindedRequests(for: epochs, published: published)
        let operation = Operations.PostV1TidepoolTokensBatch.id
        let requests = pending.map {
            Components.Schemas.BlindTokenRequest(
                epoch: Int($0.epoch), blindedMessage: $0.blindedMessage.base64EncodedString())
        }
        let signed = try await authorised(operation) {
            let answer = try await api.postV1TidepoolTokensBatch(body: .json(.init(tokens: requests)))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
        return try Self.finish(
            pending, signatures: signed.tokens.map { (Int64($0.epoch), $0.blindSignature) })
    }

    /// One blinded request per epoch, each against the epoch's published key.
    /// - Throws: ``TidepoolClientError/token(message:)`` for an empty list, an epoch asked twice,
    ///   or one without a published key.
    package static func blindedRequests(for epochs: [Int64], published: PublishedEpochKeys)
        throws(TidepoolClientError) -> [TokenClient.Pending]
    {
        guard !epochs.isEmpty else { throw .token(message: "a token batch needs at least one epoch") }
        guard Set(epochs).count == epochs.count else {
            throw .token(message: "a token batch asks for epochs \(epochs) with one twice")
        }
        let client = TokenClient()
        var pending: [TokenClient.Pending] = []
        for epoch in epochs {
            guard let key = published.keys[epoch] else {
                throw .token(
                    message: TokenError.unpublishedKey(
                        epoch: epoch,
                        reason: "the published key list (digest \(published.digest)) has no key for it"
                    ).description)
            }
            do {
                pending.append(try client.request(epoch: epoch, publicKeyDER: key, published: published))
            } catch {
                throw .token(message: error.description)
            }
        }
        return pending
    }

    /// Unblinds the server's answers to `pending`, which must answer each epoch once, in order.
    /// - Throws: ``TidepoolClientError/token(message:)`` for a missing, reordered or bad signature.
    package static func finish(
        _ pending: [TokenClient.Pending], signatures: [(epoch: Int64, signature: String)]
    )
        throws(TidepoolClientError) -> [PresenceToken]
    {
        guard signatures.count == pending.count else {
            throw .token(message: "\(signatures.count) signatures for \(pending.count) token requests")
        }
        let client = TokenClient()
        var tokens: [PresenceToken] = []
        for (request, answer) in zip(pending, signatures) {
            guard answer.epoch == request.epoch else {
                throw .token(
                    message: "a signature for epoch \(answer.epoch) where \(request.epoch) was asked")
            }
            guard let signature = Data(base64Encoded: answer.signature) else {
                throw .token(message: "the blind_signature of epoch \(answer.epoch) is not base64")
            }
            do { tokens.append(try client.finish(request, blindSignature: signature)) } catch {
                throw .token(message: error.description)
            }
        }
        return tokens
    }

    /// Reports presence in `tile` with `token`, anonymously: over the separate ephemeral
    /// session, with no Authorization header and no cookie. A token is spent by the first
    /// report the server accepts.
    ///
    /// `facet` is the index of the interest facet nearest to the user's vector in the server's
    /// codebook (`accounting_steps.facet_count` facets; InterestKit's `InterestFacets` on the
    /// device): the only interest a report carries. Nil reports presence alone.
    /// - Throws: ``TidepoolClientError/doubleSpend(message:)`` for a token spent before,
    ///   ``TidepoolClientError/wrongEpoch(message:)`` once its epoch ended, and the other refusals.
    public func report(_ token: PresenceToken, tile: TileID, facet: Int? = nil)
        async throws(TidepoolClientError)
    {
        let redemption = token.redemption(for: tile)
        let body = Operations.PostV1TidepoolPresence.Input.Body.JsonPayload(
            tileId: redemption.tile.description, epoch: Int(redemption.epoch),
            nonce: redemption.nonce.base64EncodedString(),
            signature: redemption.signature.base64EncodedString(), facet: facet)
        let operation = Operations.PostV1TidepoolPresence.id
        try await perform(operation) {
            let answer = try await anonymousAPI.postV1TidepoolPresence(body: .json(body))
            guard case .accepted = answer else { throw Self.unexpected(operation, answer) }
        }
    }
}

import Foundation
import LociAPI
import ServerRepositories
import TidepoolEpochs
import TidepoolTokens

/// Presence: the epoch key, blind token issuance (authenticated, once per device per epoch) and
/// anonymous ingest (no access token; closed schema).
extension LociAPIHandler {
    /// The current epoch, its bounds and its public key.
    func getV1TidepoolEpoch(
        _ input: Operations.GetV1TidepoolEpoch.Input
    ) async throws -> Operations.GetV1TidepoolEpoch.Output {
        let engine = services.engine
        let epoch = engine.currentEpoch
        let key: Data
        do { key = try await engine.publicKeyDER() } catch { throw APIError(error) }
        let length = engine.configuration.epochSeconds
        return .ok(
            .init(
                body: .json(
                    .init(
                        epoch: Int(epoch), startsAt: Int(epoch * length), endsAt: Int((epoch + 1) * length),
                        publicKey: key.base64EncodedString(), keySizeBits: 2_048,
                        variant: "RSABSSA-SHA384-PSS-Deterministic"))))
    }

    /// The cluster's public keys of the current and coming epochs with their digest: the same
    /// answer for every caller (no access token is read).
    func getV1TidepoolKeys(
        _ input: Operations.GetV1TidepoolKeys.Input
    ) async throws -> Operations.GetV1TidepoolKeys.Output {
        let engine = services.engine
        let published: PublishedEpochKeys
        do { published = try await engine.publishedKeys() } catch { throw APIError(error) }
        let length = engine.configuration.epochSeconds
        let keys = published.keys.sorted { $0.key < $1.key }.map { epoch, der in
            Components.Schemas.EpochKey(
                epoch: Int(epoch), startsAt: Int(epoch * length), endsAt: Int((epoch + 1) * length),
                publicKey: der.base64EncodedString())
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        epochSeconds: Int(length), keySizeBits: 2_048, variant: "RSABSSA-SHA384-PSS-Deterministic",
                        digest: published.digest, keys: keys))))
    }

    /// `{epoch, blinded_message}` → `{epoch, blind_signature}` for the caller's device.
    func postV1TidepoolTokens(
        _ input: Operations.PostV1TidepoolTokens.Input
    ) async throws -> Operations.PostV1TidepoolTokens.Output {
        let device = try await services.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        guard let blinded = Data(base64Encoded: body.blindedMessage) else {
            throw APIError.badRequest(.invalidField, "blinded_message must be base64")
        }
        let unit = try await mapStore { () async throws(ServerStoreError) -> String in
            try await services.store.issuanceUnit(deviceID: device.id)
        }
        let signature: Data
        do {
            signature = try await services.engine.issueOnce(
                device: unit, epoch: Int64(body.epoch), blindedMessage: blinded)
        } catch {
            throw APIError(error)
        }
        services.metrics.tokenIssued()
        return .ok(
            .init(body: .json(.init(epoch: body.epoch, blindSignature: signature.base64EncodedString()))))
    }

    /// `{tokens: [{epoch, blinded_message}]}` → `{tokens: [{epoch, blind_signature}]}`: the caller's
    /// tokens for the current and coming epochs in one transaction (all or none), counted against
    /// its budget unit's cap over any day's worth of epochs.
    func postV1TidepoolTokensBatch(
        _ input: Operations.PostV1TidepoolTokensBatch.Input
    ) async throws -> Operations.PostV1TidepoolTokensBatch.Output {
        let device = try await services.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        var requests: [BlindTokenRequest] = []
        for (index, item) in body.tokens.enumerated() {
            guard let blinded = Data(base64Encoded: item.blindedMessage) else {
                throw APIError.badRequest(.invalidField, "tokens[\(index)].blinded_message must be base64")
            }
            requests.append(BlindTokenRequest(epoch: Int64(item.epoch), blindedMessage: blinded))
        }
        let unit = try await mapStore { () async throws(ServerStoreError) -> String in
            try await services.store.issuanceUnit(deviceID: device.id)
        }
        let signatures: [Data]
        do {
            signatures = try await services.engine.issueBatch(unit: unit, requests: requests)
        } catch {
            throw APIError(error)
        }
        for _ in signatures { services.metrics.tokenIssued() }
        let tokens = zip(requests, signatures).map { request, signature in
            Components.Schemas.BlindSignature(
                epoch: Int(request.epoch), blindSignature: signature.base64EncodedString())
        }
        return .ok(.init(body: .json(.init(tokens: tokens))))
    }

    /// `{tile_id, epoch, nonce, signature, facet?}` and nothing else → 202; any refusal counts
    /// nothing. (A body the generated decoder refuses is counted by `APIError+Mapping.swift`.)
    func postV1TidepoolPresence(
        _ input: Operations.PostV1TidepoolPresence.Input
    ) async throws -> Operations.PostV1TidepoolPresence.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let engine = services.engine
        let redemption: TokenRedemption
        do {
            redemption = try TokenRedemption(
                tileID: body.tileId, epoch: Int64(body.epoch), nonce: body.nonce, signature: body.signature,
                facet: body.facet, tiler: engine.tiler, facetCount: engine.configuration.facetCount)
        } catch {
            throw ingestRefusal(APIError(error))
        }
        // Verified here, spent once across the cluster (the shared store), then counted.
        do { try await engine.redeem(redemption) } catch { throw ingestRefusal(APIError(error)) }
        services.metrics.ingest("accepted")
        return .accepted(.init(body: .json(.init(status: .accepted))))
    }

    /// Counts an ingest refusal by its code and returns it.
    func ingestRefusal(_ refusal: APIError) -> APIError {
        services.metrics.ingest(refusal.code.rawValue)
        return refusal
    }
}

/// The ingest route's body limit.
enum TidepoolAPI {
    /// The largest ingest body: the server's body limit, or a redemption's largest JSON if smaller.
    static func ingestBodyLimit(_ services: ServerServices) -> Int {
        min(services.configuration.maxBodyBytes, TokenRedemption.maximumJSONBytes)
    }
}

extension APIError {
    /// The HTTP answer of an issuance refusal (or of a failure to read the cluster's keys).
    init(_ error: IssuanceError) {
        switch error {
        case .token(let refusal): self.init(refusal)
        case .storage(let failure): self.init(failure)
        case .daySpent: self.init(.conflict, code: .daySpent, error.description)
        }
    }

    /// The HTTP answer of a token refusal.
    init(_ error: TokenError) {
        switch error {
        case .unknownMember(let field):
            self = .badRequest(
                .unknownField,
                "unknown member \"\(field)\"; the schema is closed (\(TokenRedemption.jsonSchemaSummary))")
        case .malformed(let field, let reason): self = .badRequest(.invalidField, "\(field): \(reason)")
        case .wrongEpoch, .unknownEpoch: self.init(.conflict, code: .wrongEpoch, error.description)
        case .invalidSignature: self.init(.forbidden, code: .invalidSignature, error.description)
        case .doubleSpend: self.init(.conflict, code: .doubleSpend, error.description)
        case .alreadyIssued: self.init(.conflict, code: .alreadyIssued, error.description)
        case .cryptography: self.init(.internalServerError, code: ._internal, "token cryptography failed")
        case .unpublishedKey: self.init(.internalServerError, code: ._internal, error.description)
        }
    }
}

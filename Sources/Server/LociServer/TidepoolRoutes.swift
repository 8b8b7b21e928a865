import Foundation
import Hummingbird
import LociWire
import TidepoolTokens

/// Presence: the epoch key, blind token issuance (authenticated, once per device per epoch) and
/// anonymous ingest (no access token; closed schema).
struct TidepoolRoutes {
    /// The ingest route (its accepted answers are logged at `debug`, see ``ServerServices/recordRequest``).
    static let presencePath = "/v1/tidepool/presence"

    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/tidepool/epoch") { _, _ in try epoch() }
        router.post("/v1/tidepool/tokens") { request, _ in try await issue(request) }
        router.post(RouterPath(Self.presencePath)) { request, _ in try await ingest(request) }
    }

    /// The current epoch, its bounds and its public key.
    func epoch() throws -> Response {
        let engine = services.engine
        let epoch = engine.currentEpoch
        let key = try Self.mapToken { () throws(TokenError) in try engine.publicKeyDER() }
        let length = engine.configuration.epochSeconds
        return try .json(
            WireEpoch(
                epoch: epoch, startsAt: epoch * length, endsAt: (epoch + 1) * length,
                publicKey: key.base64EncodedString(), keySizeBits: 2_048, variant: "RSABSSA-SHA384-PSS-Deterministic"))
    }

    /// `{epoch, blinded_message}` → `{epoch, blind_signature}` for the caller's device.
    func issue(_ request: Request) async throws -> Response {
        let device = try await services.authenticate(request)
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["epoch", "blinded_message"])
        guard let epoch = try body.int("epoch") else {
            throw APIError.badRequest(.missingField, "epoch is required")
        }
        guard let blinded = Data(base64Encoded: try body.requiredString("blinded_message")) else {
            throw APIError.badRequest(.invalidField, "blinded_message must be base64")
        }
        let signature: Data
        do {
            signature = try await services.engine.issueOnce(
                device: device.id, epoch: Int64(epoch), blindedMessage: blinded)
        } catch {
            switch error {
            case .token(let refusal): throw Self.apiError(refusal)
            case .storage(let failure): throw APIError(failure)
            case .daySpent: throw APIError(.conflict, code: .daySpent, error.description)
            }
        }
        services.metrics.tokenIssued()
        return try .json(WireBlindSignature(epoch: Int64(epoch), blindSignature: signature.base64EncodedString()))
    }

    /// `{tile_id, epoch, nonce, signature, facet?}` and nothing else → 202; any refusal counts nothing.
    func ingest(_ request: Request) async throws -> Response {
        var request = request
        let bytes = try await request.collectBody(limit: Self.ingestBodyLimit(services))
        if let refusal = Self.redeem(Data(bytes.readableBytesView), services) { throw refusal }
        return Self.accepted
    }

    /// The largest ingest body: the server's body limit, or a redemption's largest JSON if smaller.
    static func ingestBodyLimit(_ services: ServerServices) -> Int {
        min(services.configuration.maxBodyBytes, TokenRedemption.maximumJSONBytes)
    }

    /// Redeems one ingest body and counts the outcome for `/metrics`: `nil` when accepted (and
    /// counted on its tile), else the refusal to answer with (nothing counted).
    static func redeem(_ body: Data, _ services: ServerServices) -> APIError? {
        do {
            let redemption = try TokenRedemption(
                json: body, tiler: services.engine.tiler, facetCount: services.engine.configuration.facetCount)
            try services.engine.ingest(redemption)
        } catch {
            let apiError = Self.apiError(error)
            services.metrics.ingest(apiError.code.rawValue)
            return apiError
        }
        services.metrics.ingest("accepted")
        return nil
    }

    /// The answer to accepted ingest (202).
    static let accepted =
        (try? Response.json(WireAccepted.accepted, status: .accepted)) ?? Response(status: .accepted)

    static func mapToken<T>(_ body: () throws(TokenError) -> T) throws(APIError) -> T {
        do { return try body() } catch { throw apiError(error) }
    }

    /// The HTTP answer of a token refusal.
    static func apiError(_ error: TokenError) -> APIError {
        switch error {
        case .unknownMember(let field):
            return .badRequest(
                .unknownField,
                "unknown member \"\(field)\"; the schema is closed (\(TokenRedemption.jsonSchemaSummary))")
        case .malformed(let field, let reason): return .badRequest(.invalidField, "\(field): \(reason)")
        case .wrongEpoch, .unknownEpoch: return APIError(.conflict, code: .wrongEpoch, error.description)
        case .invalidSignature: return APIError(.forbidden, code: .invalidSignature, error.description)
        case .doubleSpend: return APIError(.conflict, code: .doubleSpend, error.description)
        case .alreadyIssued: return APIError(.conflict, code: .alreadyIssued, error.description)
        case .cryptography:
            return APIError(.internalServerError, code: .internal, "token cryptography failed")
        }
    }
}

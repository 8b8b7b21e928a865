import AccountService
import Foundation
import LociServerStore
import ServerRepositories

extension ServerServices {
    /// The device behind the current request's `Authorization: Bearer` token
    /// (``RequestScope``), after the per-token rate limit; the device the route's middleware
    /// already authenticated, if it did.
    /// - Throws: 401 without a valid unexpired token, 429 over the limit.
    func authenticate(_ scope: RequestScope = .current) async throws(APIError) -> DeviceRecord {
        if let device = scope.device { return device }
        guard let header = scope.authorization, header.hasPrefix("Bearer ") else {
            throw .unauthorized("an Authorization: Bearer access token is required (POST /v1/auth/anonymous)")
        }
        let hash = DeviceService.tokenHash(String(header.dropFirst("Bearer ".count)))
        if let wait = tokenLimiter.take(hash.base64EncodedString(), now: limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited,
                "too many requests for this token; retry after \(wait) s")
            error.headers[.retryAfter] = String(wait)
            throw error
        }
        let device: DeviceRecord?
        do { device = try await store.device(forTokenHash: hash, at: engine.now) } catch {
            throw APIError(.serviceUnavailable, code: .storage, "\(error)")
        }
        guard let device else { throw .unauthorized("the access token is unknown or expired") }
        return device
    }

    /// The caller's device when the request carries a token (401 when it is not valid), else nil.
    func authenticatedDevice(_ scope: RequestScope = .current) async throws(APIError) -> DeviceRecord? {
        guard scope.authorization != nil else { return nil }
        return try await authenticate(scope)
    }
}

/// Storage errors as API errors: not found → 404, conflict → 409, invalid → 400, else 503.
func mapStore<T>(_ body: () async throws(ServerStoreError) -> T) async throws(APIError) -> T {
    do { return try await body() } catch { throw APIError(error) }
}

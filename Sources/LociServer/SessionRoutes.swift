import AccountService
import Foundation
import Hummingbird
import LociServerStore
import LociWire

/// `/v1/auth/anonymous`, `/v1/auth/refresh`, `/v1/auth/login`: registration and sessions that
/// last (``SessionService``; lifetimes in `docs/server.md`).
struct SessionRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/auth/anonymous") { request, _ in try await register(request) }
        router.post("/v1/auth/refresh") { request, _ in try await refresh(request) }
        router.post("/v1/auth/login") { request, _ in try await login(request) }
    }

    /// `{attestation, platform}` → a new device, its first session and its device secret.
    func register(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["attestation", "platform"])
        let attestation = try body.requiredString("attestation")
        let platform = try body.string("platform") ?? "unknown"
        guard ["ios", "android", "web", "unknown"].contains(platform) else {
            throw APIError.badRequest(.invalidField, "platform must be ios, android, web or unknown")
        }
        guard await services.attestation.verify(attestation: attestation, platform: platform) else {
            throw APIError(.forbidden, code: .attestationRefused, "the device attestation was not accepted")
        }
        let registration = try await mapStore { () async throws(ServerStoreError) in
            try await services.sessions.register(at: services.engine.now)
        }
        return try .json(
            WireRegistration(session: wire(registration.session), deviceSecret: registration.deviceSecret),
            status: .created)
    }

    /// `{refresh_token}` → the next pair; the presented token is spent.
    func refresh(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes), allowed: ["refresh_token"])
        let token = try body.requiredString("refresh_token")
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.refresh(token, at: services.engine.now)
        }
        return try .json(wire(session))
    }

    /// `{device_id, device_secret}` → a new session for the same device. Attempts per device
    /// id share the per-token rate limit, besides the per-client one every route has.
    func login(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["device_id", "device_secret"])
        let deviceID = try body.requiredString("device_id")
        let secret = try body.requiredString("device_secret")
        if let wait = services.tokenLimiter.take("login:\(deviceID)", now: services.limiterClock()) {
            var error = APIError(
                .tooManyRequests, code: .rateLimited, "too many logins for this device; retry after \(wait) s")
            error.headers[.retryAfter] = String(wait)
            throw error
        }
        let session = try await mapSession { () async throws(SessionError) in
            try await services.sessions.login(deviceID: deviceID, secret: secret, at: services.engine.now)
        }
        return try .json(wire(session))
    }

    /// The wire form of a session, with its lifetimes.
    func wire(_ session: SessionService.Session) -> WireSession {
        let lifetimes = services.configuration.sessionLifetimes
        return WireSession(
            deviceID: session.deviceID, accessToken: session.accessToken, expiresAt: session.accessExpiresAt,
            expiresIn: lifetimes.access, refreshToken: session.refreshToken,
            refreshExpiresAt: session.refreshExpiresAt, refreshExpiresIn: lifetimes.refresh)
    }
}

/// Session failures as API errors: all 401 (`unauthorized`, `refresh_token_reused`,
/// `invalid_credentials`) except a store failure.
func mapSession<T>(_ body: () async throws(SessionError) -> T) async throws(APIError) -> T {
    do { return try await body() } catch {
        switch error {
        case .unknownRefreshToken: throw APIError.unauthorized(error.description)
        case .refreshTokenReused: throw APIError(.unauthorized, code: .refreshTokenReused, error.description)
        case .invalidCredentials: throw APIError(.unauthorized, code: .invalidCredentials, error.description)
        case .storage(let storage): throw APIError(storage)
        }
    }
}

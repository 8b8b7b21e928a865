import Foundation
import LociAPI
import OpenAPIRuntime

extension TidepoolClient {
    /// A single-use challenge for one App Attest registration (`POST /v1/auth/challenge`): attest
    /// the key with clientDataHash = SHA-256 of its UTF-8 bytes, then pass it to
    /// ``register(attestation:platform:keyID:challenge:)`` within its lifetime.
    public func registrationChallenge() async throws(TidepoolClientError) -> TidepoolRegistrationChallenge {
        let operation = Operations.PostV1AuthChallenge.id
        return try await perform(operation) { () async throws -> TidepoolRegistrationChallenge in
            let answer = try await api.postV1AuthChallenge(.init())
            guard case .created(let created) = answer else { throw Self.unexpected(operation, answer) }
            return try created.body.json
        }
    }

    /// Registers this device with a platform attestation and keeps its session and secret in the
    /// credential store.
    ///
    /// With App Attest, `attestation` is the attestation object (base64), `keyID` the attested
    /// key's id (base64) and `challenge` one from ``registrationChallenge()``; a server started
    /// with `--development-attestation` accepts any non-empty attestation without them.
    /// - Returns: the new device id.
    /// - Throws: ``TidepoolClientError/attestationRefused(message:)`` and the other refusals.
    @discardableResult
    public func register(
        attestation: String, platform: DevicePlatform, keyID: String? = nil, challenge: String? = nil
    ) async throws(TidepoolClientError) -> String {
        let operation = Operations.PostV1AuthAnonymous.id
        let registration = try await perform(operation) {
            () async throws -> Components.Schemas.Registration in
            let answer = try await api.postV1AuthAnonymous(
                body: .json(
                    .init(
                        attestation: attestation, platform: .init(rawValue: platform.rawValue), keyId: keyID,
                        challenge: challenge)))
            guard case .created(let created) = answer else { throw Self.unexpected(operation, answer) }
            return try created.body.json
        }
        try await keep(
            TidepoolCredentials(
                deviceID: registration.deviceId, deviceSecret: registration.deviceSecret,
                accessToken: registration.accessToken, accessExpiresAt: Int64(registration.expiresAt),
                refreshToken: registration.refreshToken,
                refreshExpiresAt: Int64(registration.refreshExpiresAt)))
        return registration.deviceId
    }

    /// The saved session, or nil before registration (read from the store on first use).
    public func credentials() async throws(TidepoolClientError) -> TidepoolCredentials? {
        if !loaded {
            let saved: TidepoolCredentials?
            do { saved = try await credentialStore.load() } catch {
                throw .credentials(message: "\(error)")
            }
            current.withLock { $0 = saved }
            loaded = true
        }
        return current.withLock { $0 }
    }

    /// Saves `credentials` and uses them from now on.
    func keep(_ credentials: TidepoolCredentials) async throws(TidepoolClientError) {
        do { try await credentialStore.save(credentials) } catch { throw .credentials(message: "\(error)") }
        current.withLock { $0 = credentials }
        loaded = true
    }

    /// Runs an authenticated call; a 401 renews the session once (refresh, else log in from the
    /// secret) and sends the call again.
    func authorised<T: Sendable>(
        _ operation: String, _ call: () async throws -> T
    ) async throws(TidepoolClientError) -> T {
        guard let before = try await credentials() else { throw .notRegistered }
        do {
            return try await perform(operation, call)
        } catch .unauthorized {
            try await renewSession(after: before.accessToken)
            return try await perform(operation, call)
        }
    }

    /// Replaces a session whose access token `failed`: once, however many calls ask at once.
    func renewSession(after failed: String) async throws(TidepoolClientError) {
        if let renewal {
            do { try await renewal.value } catch { throw Self.typed(error) }
            return
        }
        guard let session = current.withLock({ $0 }) else { throw .notRegistered }
        guard session.accessToken == failed else { return }  // renewed since that call started
        let task = Task { () async throws -> Void in try await self.renew(session) }
        renewal = task
        defer { renewal = nil }
        do { try await task.value } catch { throw Self.typed(error) }
    }

    /// Refresh with the refresh token; if the server refuses it (expired, or reused and so
    /// revoked), log in again with the device secret.
    private func renew(_ session: TidepoolCredentials) async throws(TidepoolClientError) {
        let next: Components.Schemas.Session
        do {
            next = try await refreshed(session)
        } catch .unauthorized, .refreshTokenReused, .invalidField, .missingField {
            next = try await loggedIn(session)
        }
        var updated = session
        updated.accessToken = next.accessToken
        updated.accessExpiresAt = Int64(next.expiresAt)
        updated.refreshToken = next.refreshToken
        updated.refreshExpiresAt = Int64(next.refreshExpiresAt)
        try await keep(updated)
    }

    private func refreshed(_ session: TidepoolCredentials) async throws(TidepoolClientError)
        -> Components.Schemas.Session
    {
        let operation = Operations.PostV1AuthRefresh.id
        return try await perform(operation) {
            let answer = try await api.postV1AuthRefresh(
                body: .json(.init(refreshToken: session.refreshToken)))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    private func loggedIn(_ session: TidepoolCredentials) async throws(TidepoolClientError)
        -> Components.Schemas.Session
    {
        let operation = Operations.PostV1AuthLogin.id
        return try await perform(operation) {
            let answer = try await api.postV1AuthLogin(
                body: .json(.init(deviceId: session.deviceID, deviceSecret: session.deviceSecret)))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// The typed error behind anything a renewal task threw.
    static func typed(_ error: any Error) -> TidepoolClientError {
        (error as? TidepoolClientError) ?? .transport(operation: "session", message: "\(error)")
    }

    /// The error for an answer the error middleware let through but the call does not expect
    /// (an undocumented 2xx or 3xx status): its description names the case and status.
    static func unexpected(_ operation: String, _ output: some Sendable) -> TidepoolClientError {
        .unexpectedResponse(operation: operation, message: "\(output)")
    }
}

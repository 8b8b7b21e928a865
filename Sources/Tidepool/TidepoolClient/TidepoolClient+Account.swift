import Foundation
import LociAPI
import OpenAPIRuntime

extension TidepoolClient {
    /// The device's interest profile.
    /// - Throws: ``TidepoolClientError/notFound(message:)`` before one was set.
    public func profile() async throws(TidepoolClientError) -> TidepoolProfile {
        let operation = Operations.GetV1Profile.id
        return try await authorised(operation) {
            let answer = try await api.getV1Profile()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// Sets the interest profile from tags or a vector, and the integrations' states.
    /// - Throws: ``TidepoolClientError/unknownInterest(message:)`` for a tag the model does not know.
    @discardableResult
    public func setProfile(
        tags: [String]? = nil, vector: [Double]? = nil, integrations: [String: String]? = nil
    ) async throws(TidepoolClientError) -> TidepoolProfile {
        let operation = Operations.PutV1Profile.id
        let body = Operations.PutV1Profile.Input.Body.JsonPayload(
            tags: tags, vector: vector,
            integrations: integrations.map { .init(additionalProperties: $0) })
        return try await authorised(operation) {
            let answer = try await api.putV1Profile(body: .json(body))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// Everything the server stores about the device.
    public func export() async throws(TidepoolClientError) -> TidepoolExport {
        let operation = Operations.GetV1MeExport.id
        return try await authorised(operation) {
            let answer = try await api.getV1MeExport()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// Deletes the device on the server (its secret, sessions, profile and favourites), then
    /// its credentials and queued favourites here. A device the server no longer knows is
    /// cleared here too.
    public func deleteDevice() async throws(TidepoolClientError) {
        let operation = Operations.DeleteV1Me.id
        do {
            try await authorised(operation) {
                let answer = try await api.deleteV1Me()
                guard case .noContent = answer else { throw Self.unexpected(operation, answer) }
            }
        } catch .notFound, .invalidCredentials {
            // Gone already: clear what is kept here all the same.
        }
        do {
            try await credentialStore.clear()
            try await favouriteQueue.clear()
        } catch { throw .credentials(message: "\(error)") }
        current.withLock { $0 = nil }
        loaded = true
    }
}

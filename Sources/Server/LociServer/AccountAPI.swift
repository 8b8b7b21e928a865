import Foundation
import LociAPI
import LociServerStore
import ServerRepositories

/// `GET /v1/me/export`, `DELETE /v1/me`: a user's own data (registration and sessions are in
/// `SessionAPI.swift`).
extension LociAPIHandler {
    /// Everything stored about the caller.
    func getV1MeExport(_ input: Operations.GetV1MeExport.Input) async throws
        -> Operations.GetV1MeExport.Output
    {
        let device = try await services.authenticate()
        let export = try await mapStore { () async throws(ServerStoreError) in
            try await services.devices.export(device)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        device: .init(deviceId: device.id, createdAt: Int(device.createdAt)),
                        profile: export.profile.map { .init(value1: Self.wire($0, signals: true)) },
                        favourites: export.favourites.map(Self.wire),
                        presence: "none: presence reports are anonymous and never stored with your identity"))
            ))
    }

    /// Deletes the device, its secret, sessions and tokens, profile and favourites.
    func deleteV1Me(_ input: Operations.DeleteV1Me.Input) async throws -> Operations.DeleteV1Me.Output {
        let device = try await services.authenticate()
        try await mapStore { () async throws(ServerStoreError) in
            try await services.store.deleteDevice(id: device.id)
        }
        return .noContent(.init())
    }
}

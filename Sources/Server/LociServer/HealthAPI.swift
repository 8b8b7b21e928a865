import Foundation
import LociAPI

extension LociAPIHandler {
    /// `GET /health`: status, current epoch, storage, the imported area.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let summary = services.placesSummary
        return .ok(
            .init(
                body: .json(
                    .init(
                        status: "ok", currentEpoch: Int(services.engine.currentEpoch),
                        epochSeconds: Int(services.engine.configuration.epochSeconds),
                        storage: services.configuration.databaseURL == nil ? "sqlite" : "postgresql",
                        places: .init(
                            count: summary.placeCount, source: summary.source, bounds: summary.bounds),
                        attestation: services.attestation.summary))))
    }
}

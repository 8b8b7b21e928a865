import Foundation
import Hummingbird
import LociWire

/// `/`, `/health`, `/metrics`, `/openapi.yaml`.
struct InfoRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/") { _, _ in Response.text(WebPage.html, contentType: "text/html; charset=utf-8") }
        router.get("/health") { _, _ in try health() }
        router.get("/metrics") { _, _ in
            Response.text(services.metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/openapi.yaml") { _, _ in
            Response.text(OpenAPIDocument.text, contentType: "application/yaml; charset=utf-8")
        }
    }

    func health() throws -> Response {
        let summary = services.placesSummary
        return try .json(
            WireHealth(
                currentEpoch: services.engine.currentEpoch, epochSeconds: services.engine.configuration.epochSeconds,
                storage: services.configuration.databaseURL == nil ? "sqlite" : "postgresql",
                places: .init(count: summary.placeCount, source: summary.source, bounds: summary.bounds),
                attestation: services.attestation.summary))
    }
}

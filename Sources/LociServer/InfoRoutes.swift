import Foundation
import Hummingbird

/// `/`, `/health`, `/metrics`, `/openapi.yaml`.
struct InfoRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/") { _, _ in Response.text(WebPage.html, contentType: "text/html; charset=utf-8") }
        router.get("/health") { _, _ in health() }
        router.get("/metrics") { _, _ in
            Response.text(services.metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/openapi.yaml") { _, _ in
            Response.text(OpenAPIDocument.text, contentType: "application/yaml; charset=utf-8")
        }
    }

    func health() -> Response {
        let summary = services.placesSummary
        return .json(
            .object([
                ("status", .string("ok")), ("current_epoch", .int(services.engine.currentEpoch)),
                ("epoch_seconds", .int(services.engine.configuration.epochSeconds)),
                ("storage", .string(services.configuration.databaseURL == nil ? "sqlite" : "postgresql")),
                (
                    "places",
                    .object([
                        ("count", .int(Int64(summary.placeCount))), ("source", .string(summary.source)),
                        ("bounds", summary.bounds.map { .array($0.map(JSONValue.double)) } ?? .null),
                    ])
                ),
            ]))
    }
}

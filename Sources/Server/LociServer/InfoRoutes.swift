import Foundation
import Hummingbird

/// `/` and `/openapi.yaml`: hand-written for good (an HTML page and the document itself, neither
/// of them JSON; docs/server.md says why). `/health` is generated
/// (``LociAPIHandler/getHealth(_:)``). `/metrics` is not here: it has a listener of its own
/// (``buildMetricsRouter(_:)``).
struct InfoRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/") { _, _ in Response.text(WebPage.html, contentType: "text/html; charset=utf-8") }
        router.get("/openapi.yaml") { _, _ in
            Response.text(OpenAPIDocument.text, contentType: "application/yaml; charset=utf-8")
        }
    }
}

/// The metrics listener's only route, `GET /metrics` (Prometheus text), apart from the public
/// router: operational numbers are for the operator, and even coarse ones describe the traffic.
/// No rate limit or request log: the listener is loopback unless configured otherwise.
public func buildMetricsRouter(_ services: ServerServices) -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.get("/metrics") { _, _ in
        Response.text(services.metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
    return router
}

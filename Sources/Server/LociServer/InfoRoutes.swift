import Foundation
import Hummingbird

/// `/`, `/metrics`, `/openapi.yaml`: hand-written for good (an HTML page, Prometheus text and the
/// document itself, none of them JSON; docs/server.md says why). `/health` is generated
/// (``LociAPIHandler/getHealth(_:)``).
struct InfoRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/") { _, _ in Response.text(WebPage.html, contentType: "text/html; charset=utf-8") }
        router.get("/metrics") { _, _ in
            Response.text(services.metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/openapi.yaml") { _, _ in
            Response.text(OpenAPIDocument.text, contentType: "application/yaml; charset=utf-8")
        }
    }
}

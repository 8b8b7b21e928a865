import Foundation
import GeoKit
import Hummingbird
import TidepoolReads

/// `GET /v1/tiles/{z}/{x}/{y}.png[?palette=high-contrast]`: count-only heat as a transparent XYZ
/// raster tile, usable by MKTileOverlay and any web map: a blended field over the released tiles
/// (``HeatTileRenderer``), read past the map tile as far as a kernel reaches so neighbouring
/// tiles join without a seam. Zoom 10–18 (coarser tiles would cover too many grid cells).
struct TileRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/tiles/{z}/{x}/{y}.png") { request, context in try await tile(request, context) }
    }

    func tile(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        guard let z = context.parameters.get("z", as: Int.self),
            let x = context.parameters.get("x", as: Int.self),
            let y = context.parameters.get("y", as: Int.self)
        else { throw APIError.badRequest(.invalidTile, "z, x and y must be integers") }
        guard (10...18).contains(z) else { throw APIError.badRequest(.invalidTile, "z must be in 10...18") }
        guard (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else {
            throw APIError.badRequest(.invalidTile, "x and y must be in 0..<2^z")
        }
        let named = request.uri.queryParameters.get("palette")
        guard let palette = HeatPalette(query: named) else {
            throw APIError.badRequest(
                .invalidParameter,
                "palette: \(named ?? "") is not one of \(HeatPalette.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let box = HeatTileRenderer.readBounds(z: z, x: x, y: y, tiler: services.engine.tiler)
        let answer: ViewportHeat.Answer
        do { answer = try await services.viewportHeat.read(viewport: box, limit: 100_000) } catch {
            throw APIError(error)
        }
        let png = try HeatTileRenderer.png(
            cells: answer.tiles.map(\.cell), tiler: services.engine.tiler, z: z, x: x, y: y, palette: palette)
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=60"],
            body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
}

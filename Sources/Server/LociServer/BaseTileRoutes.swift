import BaseMap
import Foundation
import Hummingbird

/// `GET /v1/tiles/base/{z}/{x}/{y}.png`: the imported area (streets and building footprints
/// from the place store, offline) as a transparent 256 px XYZ tile, drawn under the heat on `/`.
/// Zoom 12–19; a store imported before streets were kept answers 404 with the re-import advice.
struct BaseTileRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/tiles/base/{z}/{x}/{y}.png") { _, context in try await tile(context) }
    }

    func tile(_ context: ServerRequestContext) async throws -> Response {
        guard let z = context.parameters.get("z", as: Int.self),
            let x = context.parameters.get("x", as: Int.self),
            let y = context.parameters.get("y", as: Int.self)
        else { throw APIError.badRequest(.invalidTile, "z, x and y must be integers") }
        let baseMap = services.baseMap
        let png: [UInt8]
        do {
            png = try await onBlockingExecutor { () throws(BaseMapError) in try baseMap.png(z: z, x: x, y: y) }
        } catch {
            switch error {
            case .invalidTile, .zoomNotServed: throw APIError.badRequest(.invalidTile, error.description)
            case .unavailable: throw APIError.notFound(error.description)
            case .store: throw APIError(.serviceUnavailable, code: .storage, error.description)
            case .encoding: throw APIError(.internalServerError, code: ._internal, error.description)
            }
        }
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
}

import Foundation
import GeoKit
import HeatAggregation
import Hummingbird
import LociServerStore
import LociWire

/// Heat for a viewport from the live releases only (`POST /v1/tiles/heat`), and the
/// composed privacy parameters (`GET /v1/privacy`). Reads are post-processing: the same
/// releases and viewer vector always give the same answer.
struct HeatRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.post("/v1/tiles/heat") { request, _ in try await heat(request) }
        router.get("/v1/privacy") { _, _ in try await privacy() }
    }

    /// `{south, west, north, east, vector?}` → `{tiles, meta}`; without a vector an
    /// authenticated caller's stored profile vector is used, else count-only heat.
    func heat(_ request: Request) async throws -> Response {
        var request = request
        let body = try JSONBody(
            try await request.collectBody(limit: services.configuration.maxBodyBytes),
            allowed: ["south", "west", "north", "east", "vector"])
        let viewport: BoundingBox
        do {
            viewport = try BoundingBox(
                south: try body.requiredDouble("south"), west: try body.requiredDouble("west"),
                north: try body.requiredDouble("north"), east: try body.requiredDouble("east"))
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.badRequest(.invalidViewport, "\(error)")
        }
        var viewer = try body.floats("vector", maximumCount: 4_096) ?? []
        if viewer.isEmpty, request.headers[.authorization] != nil {
            let device = try await services.authenticate(request)
            viewer =
                try await mapStore { () async throws(ServerStoreError) in
                    try await services.store.profile(deviceID: device.id)
                }?.vector ?? []
        }
        let releases = try await services.engine.liveReleases()
        let cells: [HeatCell]
        do {
            cells = try services.heatReader.heat(
                releases: releases, viewport: viewport, viewer: viewer, at: services.engine.now, limit: 20_000
            )
        } catch {
            throw APIError.badRequest(.viewportTooLarge, "\(error)")
        }
        let tiler = services.engine.tiler
        let tiles = cells.map { cell in
            let box = (try? tiler.bounds(of: cell.tile)) ?? BoundingBox.world
            return WireHeatTile(
                tileID: cell.tile.description, level: cell.tile.level, intensity: cell.intensity,
                noisyCount: cell.noisyCount, similarity: cell.similarity,
                bounds: [box.south, box.west, box.north, box.east])
        }
        return try .json(WireHeat(tiles: tiles, meta: meta(releases: releases)))
    }

    /// `/v1/privacy`: the published parameters and what they mean.
    func privacy() async throws -> Response {
        try .json(meta(releases: try await services.engine.liveReleases()))
    }

    /// k_min, τ, ε and δ per level, epoch length, TTL, per-epoch and per-day composition.
    func meta(releases: [HeatRelease]) -> WirePrivacy {
        let engine = services.engine
        let parameters = engine.publishedParameters
        return WirePrivacy(
            kMin: parameters.kMin, epochSeconds: parameters.epochSeconds, ttlSeconds: parameters.ttlSeconds,
            levels: parameters.levels.map {
                WirePrivacyLevel(
                    level: $0.level, tau: $0.tau, countEpsilon: $0.countEpsilon, countDelta: $0.countDelta,
                    vectorEpsilon: $0.vectorEpsilon, vectorDelta: $0.vectorDelta)
            },
            epochEpsilon: parameters.epochEpsilon, epochDelta: parameters.epochDelta,
            dayEpsilon: parameters.dayEpsilon, dayDelta: parameters.dayDelta, accounting: parameters.accounting,
            unit: parameters.unit, currentEpoch: engine.currentEpoch, liveReleases: releases.map(\.epoch))
    }
}

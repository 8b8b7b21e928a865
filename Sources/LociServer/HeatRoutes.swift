import Foundation
import GeoKit
import HeatAggregation
import Hummingbird
import LociServerStore

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
            throw APIError.badRequest("invalid_viewport", "\(error)")
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
            throw APIError.badRequest("viewport_too_large", "\(error)")
        }
        let tiler = services.engine.tiler
        let tiles: [JSONValue] = cells.map { cell in
            let box = (try? tiler.bounds(of: cell.tile)) ?? BoundingBox.world
            return .object([
                ("tile_id", .string(cell.tile.description)), ("level", .int(Int64(cell.tile.level))),
                ("intensity", .double(cell.intensity)), ("noisy_count", .int(Int64(cell.noisyCount))),
                ("similarity", .double(cell.similarity)),
                (
                    "bounds",
                    .array([.double(box.south), .double(box.west), .double(box.north), .double(box.east)])
                ),
            ])
        }
        return .json(.object([("tiles", .array(tiles)), ("meta", try meta(releases: releases))]))
    }

    /// `/v1/privacy`: the published parameters and what they mean.
    func privacy() async throws -> Response {
        .json(try meta(releases: try await services.engine.liveReleases()))
    }

    /// k_min, τ, ε and δ per level, epoch length, TTL, per-epoch and per-day composition.
    func meta(releases: [HeatRelease]) throws -> JSONValue {
        let engine = services.engine
        let parameters = engine.publishedParameters
        let levels: [JSONValue] = parameters.levels.map { level in
            .object([
                ("level", .int(Int64(level.level))), ("tau", .int(Int64(level.tau))),
                ("count_epsilon", .double(level.countEpsilon)), ("count_delta", .double(level.countDelta)),
                ("vector_epsilon", .double(level.vectorEpsilon)),
                ("vector_delta", .double(level.vectorDelta)),
            ])
        }
        return .object([
            ("k_min", .int(Int64(parameters.kMin))), ("epoch_seconds", .int(parameters.epochSeconds)),
            ("ttl_seconds", .int(parameters.ttlSeconds)), ("levels", .array(levels)),
            ("epoch_epsilon", .double(parameters.epochEpsilon)),
            ("epoch_delta", .double(parameters.epochDelta)),
            ("day_epsilon", .double(parameters.dayEpsilon)), ("day_delta", .double(parameters.dayDelta)),
            ("accounting", .string(parameters.accounting)), ("unit", .string(parameters.unit)),
            ("current_epoch", .int(engine.currentEpoch)),
            ("live_releases", .array(releases.map { .int($0.epoch) })),
        ])
    }
}

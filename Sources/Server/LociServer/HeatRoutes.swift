import Foundation
import GeoKit
import HeatAggregation
import Hummingbird
import LociServerStore
import LociWire
import PresenceReads
import ServerRepositories

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
        let vector = try body.floats("vector", maximumCount: 4_096) ?? []
        var deviceID: String?
        if vector.isEmpty, request.headers[.authorization] != nil {
            deviceID = try await services.authenticate(request).id
        }
        let answer: ViewportHeat.Answer
        do {
            answer = try await services.viewportHeat.read(
                viewport: viewport, vector: vector, deviceID: deviceID, limit: 20_000)
        } catch {
            switch error {
            case .invalidVector: throw APIError.badRequest(.invalidField, error.description)
            case .store(let error): throw APIError(error)
            case .releases(let error): throw error
            case .viewportTooLarge(let message): throw APIError.badRequest(.viewportTooLarge, message)
            }
        }
        let tiles = answer.tiles.map { tile in
            WireHeatTile(
                tileID: tile.cell.tile.description, level: tile.cell.tile.level, intensity: tile.cell.intensity,
                noisyCount: tile.cell.noisyCount, similarity: tile.cell.similarity,
                bounds: [tile.bounds.south, tile.bounds.west, tile.bounds.north, tile.bounds.east])
        }
        return try .json(WireHeat(tiles: tiles, meta: meta(releases: answer.releases)))
    }

    /// `/v1/privacy`: the published parameters and what they mean.
    func privacy() async throws -> Response {
        try .json(meta(releases: try await services.engine.liveReleases()))
    }

    /// k_min, τ, ε and δ per level, epoch length, TTL, per-epoch and per-day composition.
    func meta(releases: [HeatRelease]) -> WirePrivacy {
        let engine = services.engine
        let parameters = engine.publishedParameters
        var meta = WirePrivacy(
            kMin: parameters.kMin, epochSeconds: parameters.epochSeconds, ttlSeconds: parameters.ttlSeconds,
            levels: parameters.levels.map {
                WirePrivacyLevel(
                    level: $0.level, tau: $0.tau, countEpsilon: $0.countEpsilon, countDelta: $0.countDelta,
                    vectorEpsilon: $0.facetEpsilon, vectorDelta: $0.facetRho > 0 ? parameters.conversionDelta : 0,
                    enabled: $0.enabled, countRho: $0.countRho, countSigma: $0.countSigma,
                    singleContributorRelease: $0.singleContributorRelease, facetRho: $0.facetRho,
                    facetSigma: $0.facetSigma)
            },
            epochEpsilon: parameters.epochEpsilon, epochDelta: parameters.epochDelta,
            dayEpsilon: parameters.dayEpsilon, dayDelta: parameters.dayDelta, accounting: parameters.accounting,
            unit: parameters.unit, currentEpoch: engine.currentEpoch, liveReleases: releases.map(\.epoch))
        meta.accountingSteps = WirePrivacyAccounting(
            epochRho: parameters.epochRho, epochSelectionDelta: parameters.epochSelectionDelta,
            epochsPerDay: parameters.epochsPerDay, dailyEpochCap: parameters.dailyEpochCap, dayRho: parameters.dayRho,
            conversionDelta: parameters.conversionDelta,
            conversion: "Canonne-Kamath-Steinke 2020, Corollary 13 (minimised over alpha)",
            targetDayEpsilon: parameters.targetDayEpsilon, targetDayDelta: parameters.targetDayDelta,
            withinTarget: parameters.withinDayTarget, facetCount: parameters.facetCount,
            facetCodebookVersion: parameters.facetCodebookVersion)
        return meta
    }
}

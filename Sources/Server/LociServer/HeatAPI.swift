import Foundation
import GeoKit
import HeatAggregation
import LociAPI
import LociServerStore
import TidepoolReads
import ServerRepositories

/// Heat for a viewport from the live releases only (`POST /v1/tiles/heat`), and the composed
/// privacy parameters (`GET /v1/privacy`). Reads are post-processing: the same releases and
/// viewer vector always give the same answer.
extension LociAPIHandler {
    /// `{south, west, north, east, vector?}` → `{tiles, meta}`; without a vector an
    /// authenticated caller's stored profile vector is used, else count-only heat.
    func postV1TilesHeat(_ input: Operations.PostV1TilesHeat.Input) async throws
        -> Operations.PostV1TilesHeat.Output
    {
        guard case .json(let body) = input.body else { throw APIError.unsupportedBody }
        let viewport: BoundingBox
        do {
            viewport = try BoundingBox(south: body.south, west: body.west, north: body.north, east: body.east)
        } catch {
            throw APIError.badRequest(.invalidViewport, "\(error)")
        }
        let vector = try MemberLimits.vector(body.vector ?? [])
        var deviceID: String?
        if vector.isEmpty { deviceID = try await services.authenticatedDevice()?.id }
        let answer: ViewportHeat.Answer
        do {
            answer = try await services.viewportHeat.read(
                viewport: viewport, vector: vector, deviceID: deviceID, limit: 20_000)
        } catch {
            throw APIError(error)
        }
        let tiles = answer.tiles.map { tile in
            Components.Schemas.HeatTile(
                tileId: tile.cell.tile.description, level: tile.cell.tile.level,
                intensity: tile.cell.intensity,
                noisyCount: tile.cell.noisyCount, similarity: tile.cell.similarity,
                bounds: [tile.bounds.south, tile.bounds.west, tile.bounds.north, tile.bounds.east])
        }
        return .ok(.init(body: .json(.init(tiles: tiles, meta: meta(releases: answer.releases)))))
    }

    /// `/v1/privacy`: the published parameters and what they mean.
    func getV1Privacy(_ input: Operations.GetV1Privacy.Input) async throws -> Operations.GetV1Privacy.Output {
        .ok(.init(body: .json(meta(releases: try await services.engine.liveReleases()))))
    }

    /// k_min, τ, ε and δ per level, epoch length, TTL, per-epoch and per-day composition.
    func meta(releases: [HeatRelease]) -> Components.Schemas.Privacy {
        let engine = services.engine
        let parameters = engine.publishedParameters
        return Components.Schemas.Privacy(
            kMin: parameters.kMin, epochSeconds: Int(parameters.epochSeconds),
            ttlSeconds: Int(parameters.ttlSeconds),
            levels: parameters.levels.map {
                Components.Schemas.PrivacyLevel(
                    level: $0.level, tau: $0.tau, countEpsilon: $0.countEpsilon, countDelta: $0.countDelta,
                    vectorEpsilon: $0.facetEpsilon,
                    vectorDelta: $0.facetRho > 0 ? parameters.conversionDelta : 0,
                    enabled: $0.enabled, countRho: $0.countRho, countSigma: $0.countSigma,
                    singleContributorRelease: $0.singleContributorRelease, facetRho: $0.facetRho,
                    facetSigma: $0.facetSigma)
            },
            epochEpsilon: parameters.epochEpsilon, epochDelta: parameters.epochDelta,
            dayEpsilon: parameters.dayEpsilon, dayDelta: parameters.dayDelta,
            accounting: parameters.accounting,
            unit: parameters.unit, currentEpoch: Int(engine.currentEpoch),
            liveReleases: releases.map { Int($0.epoch) },
            accountingSteps: Components.Schemas.PrivacyAccounting(
                epochRho: parameters.epochRho, epochSelectionDelta: parameters.epochSelectionDelta,
                epochsPerDay: parameters.epochsPerDay, dailyEpochCap: parameters.dailyEpochCap,
                dayRho: parameters.dayRho, conversionDelta: parameters.conversionDelta,
                conversion: "Canonne-Kamath-Steinke 2020, Corollary 13 (minimised over alpha)",
                targetDayEpsilon: parameters.targetDayEpsilon, targetDayDelta: parameters.targetDayDelta,
                withinTarget: parameters.withinDayTarget, facetCount: parameters.facetCount,
                facetCodebookVersion: parameters.facetCodebookVersion),
            neighbourRelation: parameters.neighbourRelation, window: parameters.window,
            horizons: Self.horizons(parameters), publicDomainTiles: parameters.publicDomainSize)
    }

    /// The statement's windows: any 24 hours, any 7 and any 365 days.
    static func horizons(_ parameters: ReleaseParameters) -> [Components.Schemas.PrivacyHorizon] {
        let cap = parameters.dailyEpochCap
        let windows: [(Components.Schemas.PrivacyHorizon.WindowPayload, Int, Double?, Double?)] = [
            (.any24Hours, parameters.anyDayEpochCap ?? cap, parameters.anyDayEpsilon, parameters.anyDayDelta),
            (.week, 7 * cap, parameters.weekEpsilon, parameters.weekDelta),
            (.year, 365 * cap, parameters.yearEpsilon, parameters.yearDelta),
        ]
        return windows.compactMap { window, epochs, epsilon, delta in
            guard let epsilon, let delta else { return nil }
            return Components.Schemas.PrivacyHorizon(window: window, epochs: epochs, epsilon: epsilon, delta: delta)
        }
    }
}

import Foundation
import GeoKit
import HeatAggregation
import Hummingbird
import LociServerStore
import LociWire
import Personalisation
import PlaceKit

/// Places: personalised search and suggestions, and details.
struct PlaceRoutes {
    let services: ServerServices

    func add(to router: Router<ServerRequestContext>) {
        router.get("/v1/places/search") { request, _ in try await search(request) }
        router.get("/v1/places/suggestions") { request, _ in try await suggestions(request) }
        router.get("/v1/places/{id}") { _, context in try await details(context) }
    }

    /// `?q=&lat=&lon=&radius=&limit=` → ranked places, personalised when there is data.
    func search(_ request: Request) async throws -> Response {
        let query = Query(request)
        let text = try query.string("q", maximumLength: 200)
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.badRequest(.missingField, "q is required")
        }
        let center = try query.coordinate()
        let limit = try query.int("limit", in: 1...50) ?? 10
        let radius = try query.double("radius", in: 10...50_000)
        // The answer shows only id, name, category and position; the full records are needed
        // only when the caller may have a profile (the interest model reads their tags).
        let full = request.headers[.authorization] != nil
        let plain = try await onBlockingExecutor {
            try await services.places.searchPlaces(
                SearchRequest(text: text, center: center, radius: radius, limit: limit * 3, fullPlaces: full))
        }
        return try await personalised(plain, request: request, limit: limit)
    }

    /// `?lat=&lon=&radius=&limit=` → what to visit nearby, personalised when there is data.
    func suggestions(_ request: Request) async throws -> Response {
        let query = Query(request)
        guard let center = try query.coordinate() else {
            throw APIError.badRequest(.missingField, "lat and lon are required")
        }
        let limit = try query.int("limit", in: 1...50) ?? 10
        let radius = try query.double("radius", in: 10...20_000) ?? 1_500
        let nearby = try await onBlockingExecutor {
            try await services.places.searchNearby(center: center, categories: [], radius: radius, limit: 200)
        }
        let named = nearby.filter { $0.place.name != nil }
        return try await personalised(named, request: request, limit: limit)
    }

    /// One place in full.
    func details(_ context: ServerRequestContext) async throws -> Response {
        guard let raw = context.parameters.get("id"), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw APIError.badRequest(.invalidField, "a place id is required")
        }
        guard let placeID = PlaceID(rawValue: id) else {
            throw APIError.badRequest(
                .invalidField, "\(id) is not a place id (provider:local, such as osm:node/123)")
        }
        guard let place = try await services.places.placeDetails(id: placeID) else {
            throw APIError.notFound("no place with id \(id)")
        }
        let now = Date(timeIntervalSince1970: TimeInterval(services.engine.now))
        return try .json(WirePlace(place, at: now, in: services.placesSummary.timeZone))
    }

    /// Re-ranks `candidates` by interest alignment, heat, the plain score (text, proximity,
    /// popularity); falls back to the plain order when neither heat nor interest has data.
    func personalised(_ candidates: [RankedPlace], request: Request, limit: Int) async throws -> Response {
        var viewer: [Float] = []
        if request.headers[.authorization] != nil {
            let device = try await services.authenticate(request)
            viewer = try await mapStore { () async throws(ServerStoreError) in
                try await services.profiles.rankingVector(deviceID: device.id)
            }
        }
        let releases = try await services.engine.liveReleases()
        let ranking = PersonalRanking(
            candidates: candidates, viewer: viewer, interest: services.interest, releases: releases,
            reader: services.heatReader, now: services.engine.now)
        let ranked = ranking.ranked().prefix(limit)
        return try .json(
            WirePlaceResults(
                results: ranked.map(Self.wire), personalised: ranking.isPersonalised,
                fallbackReason: ranking.fallbackReason, modelVersion: services.interest.version))
    }

    /// A ranked place as the search answers show it: the summary (the anonymous search reads no
    /// full record), the distance to 0.1 m, the score, and the heat and interest behind it.
    static func wire(_ result: PersonalRanking.Result) -> WireSearchResult {
        WireSearchResult(
            place: WirePlace(summaryOf: result.ranked.place),
            distanceM: result.ranked.distance.map { ($0 * 10).rounded() / 10 }, score: result.score,
            match: result.ranked.match.rawValue, heat: result.heat, interest: result.interest)
    }
}

import Foundation
import GeoKit
import HeatAggregation
import Hummingbird
import LociServerStore
import LociWire
import Personalisation
import PlaceKit
import PresenceReads
import ServerRepositories

/// Places: personalised search and suggestions (``PersonalSearch``), and details.
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
        let deviceID = try await authenticatedDevice(request)
        let answer = try await Self.answer { () async throws(PersonalSearchError) -> PersonalSearch.Answer in
            try await onBlockingExecutor { () async throws(PersonalSearchError) in
                try await services.personalSearch.search(
                    text: text, center: center, radius: radius, limit: limit, deviceID: deviceID)
            }
        }
        return try .json(Self.wire(answer))
    }

    /// `?lat=&lon=&radius=&limit=` → what to visit nearby, personalised when there is data.
    func suggestions(_ request: Request) async throws -> Response {
        let query = Query(request)
        guard let center = try query.coordinate() else {
            throw APIError.badRequest(.missingField, "lat and lon are required")
        }
        let limit = try query.int("limit", in: 1...50) ?? 10
        let radius = try query.double("radius", in: 10...20_000) ?? 1_500
        let deviceID = try await authenticatedDevice(request)
        let answer = try await Self.answer { () async throws(PersonalSearchError) -> PersonalSearch.Answer in
            try await onBlockingExecutor { () async throws(PersonalSearchError) in
                try await services.personalSearch.suggestions(
                    center: center, radius: radius, limit: limit, deviceID: deviceID)
            }
        }
        return try .json(Self.wire(answer))
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

    /// The caller's device when the request carries a token (401 when it is not valid), else nil.
    private func authenticatedDevice(_ request: Request) async throws -> String? {
        guard request.headers[.authorization] != nil else { return nil }
        return try await services.authenticate(request).id
    }

    /// Runs a personal search, answering a store failure as the store's status and passing the
    /// place store's and the engine's own errors on unchanged.
    static func answer(
        _ body: () async throws(PersonalSearchError) -> PersonalSearch.Answer
    ) async throws -> PersonalSearch.Answer {
        do { return try await body() } catch {
            switch error {
            case .store(let error): throw APIError(error)
            case .places(let error), .releases(let error): throw error
            }
        }
    }

    /// A personal answer as the search routes show it.
    static func wire(_ answer: PersonalSearch.Answer) -> WirePlaceResults {
        WirePlaceResults(
            results: answer.results.map(Self.wire), personalised: answer.isPersonalised,
            fallbackReason: answer.fallbackReason, modelVersion: answer.modelVersion)
    }

    /// A ranked place as the search answers show it: the summary (the anonymous search reads no
    /// full record), the distance to 0.1 m, the score, the heat and interest behind it, and why.
    static func wire(_ result: PersonalRanking.Result) -> WireSearchResult {
        WireSearchResult(
            place: WirePlace(summaryOf: result.ranked.place),
            distanceM: result.ranked.distance.map { ($0 * 10).rounded() / 10 }, score: result.score,
            match: result.ranked.match.rawValue, heat: result.heat, interest: result.interest,
            reason: result.reason?.text)
    }
}

import Foundation
import GeoKit
import HeatAggregation
import LociAPI
import LociServerStore
import Personalisation
import PlaceKit
import TidepoolReads
import ServerRepositories

/// Places: personalised search and suggestions (``PersonalSearch``), and details.
extension LociAPIHandler {
    /// `?q=&lat=&lon=&radius=&limit=` → ranked places, personalised when there is data.
    func getV1PlacesSearch(
        _ input: Operations.GetV1PlacesSearch.Input
    ) async throws -> Operations.GetV1PlacesSearch.Output {
        let query = input.query
        let text = try QueryLimits.string("q", query.q, maximumLength: 200)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.badRequest(.missingField, "q is required")
        }
        let center = try QueryLimits.coordinate(query.lat, query.lon)
        let limit = try QueryLimits.int("limit", query.limit, in: QueryRules.limit) ?? 10
        let radius = try QueryLimits.double("radius", query.radius, in: QueryRules.searchRadius)
        let deviceID = try await services.authenticatedDevice()?.id
        let answer = try await Self.answer { () async throws(PersonalSearchError) -> PersonalSearch.Answer in
            try await onBlockingExecutor { () async throws(PersonalSearchError) in
                try await services.personalSearch.search(
                    text: text, center: center, radius: radius, limit: limit, deviceID: deviceID)
            }
        }
        return .ok(.init(body: .json(Self.wire(answer))))
    }

    /// `?lat=&lon=&radius=&limit=` → what to visit nearby, personalised when there is data.
    func getV1PlacesSuggestions(
        _ input: Operations.GetV1PlacesSuggestions.Input
    ) async throws -> Operations.GetV1PlacesSuggestions.Output {
        let query = input.query
        guard let center = try QueryLimits.coordinate(query.lat, query.lon) else {
            throw APIError.badRequest(.missingField, "lat and lon are required")
        }
        let limit = try QueryLimits.int("limit", query.limit, in: QueryRules.limit) ?? 10
        let radius = try QueryLimits.double("radius", query.radius, in: QueryRules.suggestionRadius) ?? 1_500
        let deviceID = try await services.authenticatedDevice()?.id
        let answer = try await Self.answer { () async throws(PersonalSearchError) -> PersonalSearch.Answer in
            try await onBlockingExecutor { () async throws(PersonalSearchError) in
                try await services.personalSearch.suggestions(
                    center: center, radius: radius, limit: limit, deviceID: deviceID)
            }
        }
        return .ok(.init(body: .json(Self.wire(answer))))
    }

    /// One place in full (the id arrives percent-decoded: `osm:node%2F1` is `osm:node/1`).
    func getV1PlacesId(_ input: Operations.GetV1PlacesId.Input) async throws
        -> Operations.GetV1PlacesId.Output
    {
        let id = input.path.id
        guard !id.isEmpty else { throw APIError.badRequest(.invalidField, "a place id is required") }
        guard let placeID = PlaceID(rawValue: id) else {
            throw APIError.badRequest(
                .invalidField, "\(id) is not a place id (provider:local, such as osm:node/123)")
        }
        guard let place = try await services.places.placeDetails(id: placeID) else {
            throw APIError.notFound("no place with id \(id)")
        }
        let now = Date(timeIntervalSince1970: TimeInterval(services.engine.now))
        return .ok(.init(body: .json(.init(place, at: now, in: services.placesSummary.timeZone))))
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
    static func wire(_ answer: PersonalSearch.Answer) -> Components.Schemas.SearchResults {
        .init(
            results: answer.results.map(Self.wire), personalised: answer.isPersonalised,
            fallbackReason: answer.fallbackReason, modelVersion: answer.modelVersion)
    }

    /// A ranked place as the search answers show it: the summary (the anonymous search reads no
    /// full record), the distance to 0.1 m, the score, the heat and interest behind it, and why.
    static func wire(_ result: PersonalRanking.Result) -> Components.Schemas.SearchResult {
        let place = result.ranked.place
        return .init(
            id: place.id.rawValue, name: place.name, category: place.category, lat: place.coordinate.latitude,
            lon: place.coordinate.longitude,
            distanceM: result.ranked.distance.map { ($0 * 10).rounded() / 10 },
            score: result.score, match: result.ranked.match.rawValue, heat: result.heat,
            interest: result.interest,
            reason: result.reason?.text)
    }
}

extension Components.Schemas.Place {
    /// A place in full: its own fields and how it is shown (``PlacePresentation``: category name,
    /// symbol and colour from the registry, open at `instant` in `zone`); `loci place --json`
    /// writes the same members.
    init(_ place: Place, at instant: Date, in zone: TimeZone, registry: CategoryRegistry = .standard) {
        let shown = PlacePresentation(place, at: instant, in: zone, registry: registry)
        self.init(
            id: place.id.rawValue, name: place.name, category: place.category, lat: place.coordinate.latitude,
            lon: place.coordinate.longitude, categoryName: shown.categoryName, symbol: shown.symbol,
            color: shown.color, openNow: shown.openNow, address: place.address?.formatted,
            alternativeNames: place.alternativeNames, phone: place.phone, website: place.website,
            openingHours: place.openingHours?.raw, wikidata: place.wikidataID, importance: place.importance,
            tags: .init(additionalProperties: place.tags))
    }
}

/// The query limits the document states (`minimum`, `maximum`, `maxLength`) and the generated
/// decoder does not check (ranges in ``QueryRules``), each refusal naming the parameter and its range.
enum QueryLimits {
    static func string(_ name: String, _ value: String, maximumLength: Int) throws(APIError) -> String {
        guard value.count <= maximumLength else {
            throw .badRequest(.invalidParameter, "\(name) is longer than \(maximumLength) characters")
        }
        return value
    }

    static func int(_ name: String, _ value: Int?, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let value else { return nil }
        guard range.contains(value) else {
            throw .badRequest(
                .invalidParameter, "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    static func double(_ name: String, _ value: Double?, in range: ClosedRange<Double>) throws(APIError)
        -> Double?
    {
        guard let value else { return nil }
        guard value.isFinite, range.contains(value) else {
            throw .badRequest(
                .invalidParameter, "\(name) must be a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// `lat` and `lon` together, or neither.
    static func coordinate(_ latitude: Double?, _ longitude: Double?) throws(APIError) -> Coordinate? {
        let latitude = try double("lat", latitude, in: QueryRules.latitude)
        let longitude = try double("lon", longitude, in: QueryRules.longitude)
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case (let latitude?, let longitude?):
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        default: throw .badRequest(.invalidParameter, "lat and lon must be given together")
        }
    }
}

import AppleMapsPlaces
import Foundation
import GeoKit
import MapKit
import PlaceKit

/// Apple Maps behind PlaceKit's provider protocols: `MKLocalSearch` for text and category search,
/// `MKLocalPointsOfInterestRequest` for nearby, `MKLocalSearchCompleter` for suggestions.
///
/// MapKit throttles at about 50 requests a minute (`MKError.loadingThrottled`): every call first
/// asks a ``AppleMapsPlaces/RequestBudget`` and fails fast with ``AppleMapsError/throttled`` past
/// it, so the search model falls back to the offline store with a note instead of waiting.
/// Details come from the places this provider has returned (MapKit has no lookup by id before
/// iOS 18, where `MKMapItemRequest` is used).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class MapKitPlaceProvider: PlacesSearchService, PlaceDetailsService, AutocompleteService {
    private var budget = RequestBudget()
    private let completer = MapKitCompleter()
    private var completions: [PlaceID: MKLocalSearchCompletion] = [:]
    private var seen: [PlaceID: Place] = [:]
    private let registry: CategoryRegistry
    private let now: @Sendable () -> Date

    /// A provider; `now` is the clock the request budget counts with.
    public init(registry: CategoryRegistry = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        self.registry = registry
        self.now = now
    }

    public func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        guard let text = request.text, !text.isEmpty else {
            guard let center = request.center else { return [] }
            return try await searchNearby(
                center: center, categories: request.categories, radius: request.radius ?? 2_000, limit: request.limit)
        }
        let search = MKLocalSearch.Request()
        search.naturalLanguageQuery = text
        search.resultTypes = .pointOfInterest
        if let center = request.center {
            let span = (request.radius ?? 5_000) * 2
            search.region = MKCoordinateRegion(
                center: center.clCoordinate, latitudinalMeters: span, longitudinalMeters: span)
        }
        if let filter = filter(request.categories) { search.pointOfInterestFilter = filter }
        return try await run(MKLocalSearch(request: search), center: request.center, limit: request.limit, match: .partialName)
    }

    public func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int)
        async throws -> [RankedPlace]
    {
        let request = MKLocalPointsOfInterestRequest(center: center.clCoordinate, radius: min(radius, 20_000))
        request.pointOfInterestFilter = filter(categories)
        return try await run(MKLocalSearch(request: request), center: center, limit: limit, match: .nearby)
    }

    public func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int)
        async throws -> [RankedPlace]
    {
        let center = Coordinate(
            uncheckedLatitude: (region.south + region.north) / 2, longitude: (region.west + region.east) / 2)
        let radius = Haversine.distance(center, Coordinate(uncheckedLatitude: region.north, longitude: region.east))
        return try await searchPlaces(
            SearchRequest(text: text, center: center, radius: radius, categories: categories, limit: limit))
    }

    public func placeDetails(id: PlaceID) async throws -> Place? {
        // Ids made from a name and a position (before iOS 18) hold an "@"; only real identifiers are looked up.
        let local = String(id.rawValue.dropFirst("applemaps:".count))
        if #available(iOS 18, *), id.provider == "applemaps", !local.contains("@"),
            let identifier = MKMapItem.Identifier(rawValue: local)
        {
            try spend()
            let item = try await MKMapItemRequest(mapItemIdentifier: identifier).mapItem
            return AppleMapsItem(item).place(registry: registry) ?? seen[id]
        }
        return seen[id]
    }

    public func autocomplete(prefix: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [RankedPlace]
    {
        try await searchPlaces(SearchRequest(text: prefix, center: center, radius: radius, limit: limit))
    }

    public func suggestions(for input: String, center: Coordinate?, radius: Double?, limit: Int) async throws
        -> [AutocompleteSuggestion]
    {
        try spend()
        let region = center.map {
            MKCoordinateRegion(
                center: $0.clCoordinate, latitudinalMeters: (radius ?? 5_000) * 2, longitudinalMeters: (radius ?? 5_000) * 2)
        }
        let found: [MKLocalSearchCompletion]
        do { found = try await completer.complete(input, region: region) } catch { throw Self.mapped(error) }
        completions = [:]
        var suggestions: [AutocompleteSuggestion] = []
        for completion in found.prefix(limit) {
            guard let id = PlaceID(rawValue: "applemaps:completion/\(completion.title)|\(completion.subtitle)") else {
                continue
            }
            completions[id] = completion
            suggestions.append(
                AutocompleteSuggestion(placeID: id, primaryText: completion.title, secondaryText: completion.subtitle))
        }
        return suggestions
    }

    public func place(for suggestion: AutocompleteSuggestion) async throws -> Place? {
        guard let completion = completions[suggestion.placeID] else { return nil }
        return try await run(MKLocalSearch(request: MKLocalSearch.Request(completion: completion)), center: nil, limit: 1, match: .exactName)
            .first?.place
    }

    /// Runs one search within the budget and converts its items.
    private func run(_ search: MKLocalSearch, center: Coordinate?, limit: Int, match: MatchKind) async throws
        -> [RankedPlace]
    {
        try spend()
        let response: MKLocalSearch.Response
        do { response = try await search.start() } catch { throw Self.mapped(error) }
        var results: [RankedPlace] = []
        for item in response.mapItems.prefix(limit) {
            guard let place = AppleMapsItem(item).place(registry: registry) else { continue }
            seen[place.id] = place
            let distance = center.map { Haversine.distance($0, place.coordinate) }
            // MapKit orders by its own relevance; the score keeps that order (1 for the first).
            let score = 1 - Double(results.count) / Double(max(1, limit))
            results.append(RankedPlace(place: place, distance: distance, score: score, match: match))
        }
        return results
    }

    private func filter(_ categories: [PlaceCategory.ID]) -> MKPointOfInterestFilter? {
        let wanted = categories.flatMap { AppleMapsItem.appleCategories(for: $0, registry: registry) }
            .map { MKPointOfInterestCategory(rawValue: $0) }
        return wanted.isEmpty ? nil : MKPointOfInterestFilter(including: wanted)
    }

    private func spend() throws {
        guard budget.admit(at: now()) else { throw AppleMapsError.throttled }
    }

    private static func mapped(_ error: any Error) -> AppleMapsError {
        if let error = error as? MKError, error.code == .loadingThrottled { return .throttled }
        return .failed(error.localizedDescription)
    }
}

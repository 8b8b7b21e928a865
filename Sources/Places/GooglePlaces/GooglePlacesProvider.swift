import Foundation
import GeoKit
import PlaceKit

/// Google Places (New) behind the provider protocols (`and-away.md` §2, §5).
///
/// List calls (search, nearby, region, ``autocomplete(prefix:center:radius:limit:)``) use the
/// Pro list mask; ``placeDetails(id:)`` the Enterprise details mask; see
/// ``GooglePlacesFieldMask`` for the SKU of each call. ``suggestions(for:center:radius:limit:)``
/// and ``place(for:)`` share one autocomplete session token, which the details call ends.
///
/// Results keep Google's order (its relevance); ``RankedPlace/score`` is 1 − rank / count and
/// the match kind is derived from the query (exact name, the category the query names, else
/// partial). Nothing here stores anything: callers persist only ``PlaceKit/RetainedPlaceReference``.
public struct GooglePlacesProvider: PlacesSearchService, PlaceDetailsService, AutocompleteService {
    /// The HTTP client.
    public let client: GooglePlacesClient
    /// Maps Google types to standard categories.
    public let registry: CategoryRegistry
    let session: GoogleAutocompleteSession

    /// Creates a provider; `makeSessionToken` makes autocomplete session tokens (UUIDs by default).
    public init(
        client: GooglePlacesClient, registry: CategoryRegistry = .standard,
        makeSessionToken: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.client = client
        self.registry = registry
        self.session = GoogleAutocompleteSession(makeToken: makeSessionToken)
    }

    /// Text search (or, without text, a nearby search around the centre).
    public func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        let text = request.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else {
            guard let center = request.center else {
                throw GooglePlacesError.invalidArgument(
                    call: "places:searchText", reason: "a search needs text or a centre")
            }
            return try await searchNearby(
                center: center, categories: request.categories, radius: request.radius ?? 5_000,
                limit: request.limit)
        }
        let includedType = request.categories.first.flatMap { registry.googleTypes(forCategory: $0).first }
        let found = try await client.searchText(
            text, center: request.center, radius: request.radius, includedType: includedType,
            pageSize: request.limit)
        return try rank(found, call: "places:searchText", query: text, center: request.center)
    }

    /// Places of `categories` (any when empty) within `radius` metres, nearest first. Categories
    /// with no Google type cannot be asked for: when none of them has one, the answer is empty.
    public func searchNearby(
        center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int
    ) async throws -> [RankedPlace] {
        let types = categories.flatMap { registry.googleTypes(forCategory: $0) }
        guard categories.isEmpty || !types.isEmpty else { return [] }
        let found = try await client.searchNearby(
            center: center, radius: radius, includedTypes: types, maxResultCount: limit)
        return try rank(found, call: "places:searchNearby", query: nil, center: center)
    }

    /// Places inside `region`: a search over the circle around the region (at most 50 km), keeping
    /// only places inside the box.
    public func searchInRegion(
        text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int
    ) async throws -> [RankedPlace] {
        var middleLongitude = region.west + region.longitudeSpan / 2
        if middleLongitude > 180 { middleLongitude -= 360 }
        let center = Coordinate(
            uncheckedLatitude: (region.south + region.north) / 2, longitude: middleLongitude)
        let corner = Coordinate(uncheckedLatitude: region.north, longitude: region.east)
        let radius = min(50_000, max(1, Haversine.distance(center, corner)))
        let request = SearchRequest(
            text: text, center: center, radius: radius, categories: categories, limit: limit)
        return try await searchPlaces(request).filter { region.contains($0.place.coordinate) }
    }

    /// Places for a partly typed name, as a Pro text search (use
    /// ``suggestions(for:center:radius:limit:)`` for Google's session-priced autocomplete).
    public func autocomplete(
        prefix: String, center: Coordinate?, radius: Double?, limit: Int
    ) async throws -> [RankedPlace] {
        try await searchPlaces(SearchRequest(text: prefix, center: center, radius: radius, limit: limit))
    }

    /// Google's autocomplete in the current session (started on first use).
    public func suggestions(
        for input: String, center: Coordinate?, radius: Double?, limit: Int
    ) async throws -> [AutocompleteSuggestion] {
        let predictions = try await client.autocomplete(
            input, center: center, radius: radius, sessionToken: session.token())
        return predictions.prefix(max(1, limit)).compactMap { prediction in
            guard let raw = prediction.placeId, let id = PlaceID(googlePlaceID: raw) else { return nil }
            let main = prediction.structuredFormat?.mainText?.text ?? prediction.text?.text ?? raw
            return AutocompleteSuggestion(
                placeID: id, primaryText: main,
                secondaryText: prediction.structuredFormat?.secondaryText?.text ?? "",
                distance: prediction.distanceMeters.map(Double.init))
        }
    }

    /// The chosen suggestion's place, fetched with the session's token; ends the session.
    public func place(for suggestion: AutocompleteSuggestion) async throws -> Place? {
        let token = session.openToken()
        defer { session.end() }
        return try await details(suggestion.placeID, mask: GooglePlacesFieldMask.details, sessionToken: token)
    }

    /// The details sheet of a Google place (Enterprise mask); nil for other providers' ids and
    /// for ids Google does not know.
    public func placeDetails(id: PlaceID) async throws -> Place? {
        try await details(id, mask: GooglePlacesFieldMask.details, sessionToken: nil)
    }

    /// Up to `maxPhotos` photos with short-lived URLs (one `id,photos` details call, then one
    /// media call per photo, 1 600 px wide).
    public func placePhotos(id: PlaceID, maxPhotos: Int) async throws -> [PlacePhoto] {
        guard id.provider == "google", maxPhotos > 0 else { return [] }
        let raw = String(id.rawValue.dropFirst("google:".count))
        let wire = try await client.details(
            placeID: raw, fieldMask: GooglePlacesFieldMask.photos, sessionToken: nil)
        var photos: [PlacePhoto] = []
        for photo in (wire.photos ?? []).prefix(maxPhotos) {
            guard let name = photo.name else { continue }
            let url = try await client.photoURI(name: name, maxWidth: 1_600)
            photos.append(
                PlacePhoto(
                    reference: name, width: photo.widthPx, height: photo.heightPx,
                    attributions: photo.authorAttributions?.compactMap(\.displayName) ?? [], url: url))
        }
        return photos
    }

    private func details(_ id: PlaceID, mask: String, sessionToken: String?) async throws -> Place? {
        guard id.provider == "google" else { return nil }
        let raw = String(id.rawValue.dropFirst("google:".count))
        do {
            let wire = try await client.details(placeID: raw, fieldMask: mask, sessionToken: sessionToken)
            return try wire.place(registry: registry, call: "places.get", path: "")
        } catch .notFound {
            return nil
        }
    }

    /// Google's order as scores, with match kinds and distances.
    func rank(
        _ found: [GoogleWire.Place], call: String, query: String?, center: Coordinate?
    ) throws(GooglePlacesError) -> [RankedPlace] {
        let folded = query.map(CategoryRegistry.normalizedQuery) ?? ""
        let named = query.map { Set(registry.categories(matchingQuery: $0).map(\.id)) } ?? []
        var ranked: [RankedPlace] = []
        for (index, wire) in found.enumerated() {
            let place = try wire.place(registry: registry, call: call, path: "places[\(index)]")
            let match: MatchKind =
                folded.isEmpty
                ? .nearby
                : CategoryRegistry.normalizedQuery(place.name ?? "") == folded
                    ? .exactName : named.contains(place.category) ? .category : .partialName
            ranked.append(
                RankedPlace(
                    place: place, distance: center.map { Haversine.distance($0, place.coordinate) },
                    score: 1 - Double(index) / Double(found.count), match: match))
        }
        return ranked
    }
}

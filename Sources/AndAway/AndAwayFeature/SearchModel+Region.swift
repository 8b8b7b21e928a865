import GeoKit
import PlaceKit

extension SearchModel {
    /// The user moved the map to `viewport`: "Search this area" is offered when there is
    /// something to search for (text or a chip) and the map shows another area than the results
    /// (its centre moved by more than a third of the span, or the span changed by half or more).
    public func mapMoved(to viewport: MapViewport) {
        state.visibleRegion = viewport
        let text = state.query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty || state.selectedCategory != nil else {
            state.canSearchThisArea = false
            return
        }
        guard let shown = state.map.viewport else {
            state.canSearchThisArea = true
            return
        }
        state.canSearchThisArea = Self.differs(viewport, from: shown)
    }

    /// Searches the visible region (not around the user) for the text and chip, with the
    /// provider switch's fallback; the results replace the list and the pins.
    public func searchThisArea() async {
        guard let viewport = state.visibleRegion else { return }
        let text = state.query.trimmingCharacters(in: .whitespacesAndNewlines)
        let categories = state.selectedCategory.map { [$0] } ?? []
        let region = viewport.boundingBox
        let request = SearchRequest(
            text: text.isEmpty ? nil : text, center: viewport.center, categories: categories, limit: 30)
        lastRequest = request
        state.isSearching = true
        defer { state.isSearching = false }
        do {
            let found = try await answer(request) { source in
                try await source.search.searchInRegion(
                    text: request.text, region: region, categories: categories, limit: request.limit)
            }
            state.error = nil
            show(found, for: request)
            state.canSearchThisArea = false
        } catch {
            state.error = AndAwayCopy.failed(.search, "\(error)")
        }
    }

    /// Whether `moved` shows another area than `shown`.
    static func differs(_ moved: MapViewport, from shown: MapViewport) -> Bool {
        let latitudeShift = abs(moved.center.latitude - shown.center.latitude) / shown.latitudeSpan
        let longitudeShift = abs(moved.center.longitude - shown.center.longitude) / shown.longitudeSpan
        let zoom = moved.latitudeSpan / shown.latitudeSpan
        return latitudeShift > 1.0 / 3 || longitudeShift > 1.0 / 3 || zoom >= 1.5 || zoom <= 0.5
    }
}

extension MapViewport {
    /// The area the viewport shows (clamped to valid latitudes).
    public var boundingBox: BoundingBox {
        BoundingBox(
            uncheckedSouth: max(-90, center.latitude - latitudeSpan / 2),
            west: center.longitude - longitudeSpan / 2,
            north: min(90, center.latitude + latitudeSpan / 2), east: center.longitude + longitudeSpan / 2)
    }
}

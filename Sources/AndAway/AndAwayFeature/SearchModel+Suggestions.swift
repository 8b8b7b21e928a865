import Foundation
import GeoKit
import PlaceKit

/// Typing and suggestions.
extension SearchModel {
    /// The field's text changed: suggestions follow once the user pauses for
    /// ``AndAwayEnvironment/debounce`` seconds; a keystroke before that cancels the wait.
    public func type(_ text: String) {
        state.query = text
        pendingSuggestions?.cancel()
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            state.suggestions = []
            pendingSuggestions = nil
            return
        }
        let scheduler = environment.scheduler
        let wait = environment.debounce
        pendingSuggestions = Task { [weak self] in
            do { try await scheduler.sleep(seconds: wait) } catch { return }
            guard !Task.isCancelled, let self else { return }
            await self.fetchSuggestions(for: trimmed)
        }
    }

    /// Waits until the pending suggestions (if any) have arrived; for tests and previews.
    package func settle() async { await pendingSuggestions?.value }

    func fetchSuggestions(for text: String) async {
        let request = await makeRequest(text: text)
        do {
            let found = try await answer(request) { source in
                try await source.autocomplete.suggestions(
                    for: text, center: request.center, radius: request.radius, limit: 8)
            }
            guard !Task.isCancelled else { return }
            state.suggestions = found
            state.error = nil
        } catch {
            state.suggestions = []
            state.error = AndAwayCopy.failed(.suggestions, "\(error)")
        }
    }

    /// Chooses a suggestion: its place (fetched from the provider that suggested it) becomes the
    /// one result, selected on the map; the search is recorded. Nil when the provider no longer knows it.
    @discardableResult
    public func choose(_ suggestion: AutocompleteSuggestion) async -> Place? {
        pendingSuggestions?.cancel()
        state.suggestions = []
        let source = environment.source(for: state.answeredBy ?? state.provider)
        let place: Place?
        do {
            place = try await source.autocomplete.place(for: suggestion)
        } catch {
            state.error = AndAwayCopy.failed(.place, "\(error)")
            return nil
        }
        guard let place else {
            state.error = AndAwayCopy.noLongerKnown(suggestion.primaryText, by: source.choice)
            return nil
        }
        state.query = suggestion.primaryText
        record(suggestion.primaryText, kind: .name)
        let request = await makeRequest(text: suggestion.primaryText)
        let distance = request.center.map { Haversine.distance($0, place.coordinate) }
        show([RankedPlace(place: place, distance: distance, score: 1, match: .exactName)], for: request)
        select(place.id)
        return place
    }
}

import Foundation
import GeoKit
import LibraryKit
import Observation
import PlaceKit

/// The search screen: debounced suggestions, the provider switch with fallback to the offline
/// store, results in sections ordered by the user's weights, category chips, the map, history.
@MainActor @Observable
public final class SearchModel {
    /// What the screen shows.
    public internal(set) var state = SearchState()

    @ObservationIgnored let environment: AndAwayEnvironment
    @ObservationIgnored var pendingSuggestions: Task<Void, Never>?
    @ObservationIgnored var lastRequest: SearchRequest?

    /// A model over `environment`.
    public init(environment: AndAwayEnvironment) {
        self.environment = environment
        state.providers = environment.choices
        state.chips = CategoryChip.chips(registry: environment.registry, selected: nil)
    }

    /// Asks for location permission (the system asks only the first time), then reads the
    /// user's position and the recent searches; a refused or failing location is kept in
    /// ``SearchState/locationAccess`` for the screen to explain.
    public func load() async {
        state.locationAccess = await environment.location.requestPermission()
        state.map.userLocation = await environment.location.currentLocation()?.coordinate
        refreshHistory()
    }

    /// Runs a search for the text in the field (and the chosen chip) and records it in the history.
    public func submit() async {
        pendingSuggestions?.cancel()
        state.suggestions = []
        let text = state.query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty || state.selectedCategory != nil else { return }
        let request = await makeRequest(text: text)
        if !text.isEmpty { record(text, kind: scorer().kind(of: request)) }
        await run(request)
    }

    /// Chooses or clears a chip and searches again (the chip's category alone when the field is empty).
    public func toggleChip(_ id: PlaceCategory.ID) async {
        let selected = state.selectedCategory == id ? nil : id
        state.chips = CategoryChip.chips(registry: environment.registry, selected: selected)
        let text = state.query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty || selected != nil else {
            state.sections = []
            state.map.pins = []
            return
        }
        await run(await makeRequest(text: text))
    }

    /// Switches the provider and repeats the last search with it.
    public func switchProvider(to choice: ProviderChoice) async {
        guard state.providers.contains(choice) else { return }
        state.provider = choice
        state.note = nil
        if let lastRequest { await run(lastRequest) }
    }

    /// Selects a result (the map highlights its pin).
    public func select(_ id: PlaceID?) { state.map.selected = id }

    /// Re-reads which results are saved (after a bookmark was made or removed elsewhere).
    public func refreshSaved() {
        var sections: [ResultSection] = []
        for var section in state.sections {
            section.rows = section.rows.map { row in
                var row = row
                row.isSaved = isSaved(row.place)
                return row
            }
            sections.append(section)
        }
        state.sections = sections
        state.map.pins = state.map.pins.map { pin in
            var pin = pin
            if let row = state.rows.first(where: { $0.id == pin.id }) { pin.isSaved = row.isSaved }
            return pin
        }
    }

    func makeRequest(text: String) async -> SearchRequest {
        let user = await environment.location.currentLocation()?.coordinate
        state.map.userLocation = user
        return SearchRequest(
            text: text.isEmpty ? nil : text, center: user ?? state.map.viewport?.center,
            radius: environment.searchRadius, categories: state.selectedCategory.map { [$0] } ?? [], limit: 30)
    }

    func run(_ request: SearchRequest) async {
        lastRequest = request
        state.isSearching = true
        defer { state.isSearching = false }
        let found: [RankedPlace]
        do {
            found = try await answer(request) { source in try await source.search.searchPlaces(request) }
        } catch {
            state.sections = []
            state.map.pins = []
            state.error = AndAwayCopy.failed(.search, "\(error)")
            return
        }
        state.error = nil
        show(found, for: request)
    }

    /// Asks the chosen provider; when that fails and it is not the local store, asks the local
    /// store and sets the visible note.
    func answer<T: Sendable>(_ request: SearchRequest, _ ask: (PlaceSource) async throws -> T) async throws -> T {
        let source = environment.source(for: state.provider)
        do {
            let value = try await ask(source)
            state.answeredBy = source.choice
            state.note = nil
            return value
        } catch {
            guard source.choice != .local else { throw error }
            let value = try await ask(environment.local)
            state.answeredBy = .local
            state.note = AndAwayCopy.fellBack(from: source.choice, because: error)
            return value
        }
    }

    func show(_ found: [RankedPlace], for request: SearchRequest) {
        let now = environment.now()
        let ordered = scorer().order(found, for: request, now: now, timeZone: environment.timeZone)
        let saved = Set(ordered.map(\.place).filter(isSaved).map(\.id))
        let context = SearchContext(
            userLocation: state.map.userLocation, searchOrigin: request.center,
            searchRadius: request.radius ?? environment.searchRadius)
        let organized = OrganizedSearchResults(ordered, context: context, savedPlaceIDs: saved)
        state.sections = ResultSection.sections(organized, savedIDs: saved, now: now, timeZone: environment.timeZone)
        state.map.pins = state.rows.map { row in
            MapPin(
                id: row.id, title: row.place.name ?? row.id.rawValue, coordinate: row.place.coordinate,
                symbolName: environment.registry.category(id: row.place.category)?.symbolName ?? "mappin",
                isSaved: row.isSaved)
        }
        state.map.viewport = MapViewport.fitting(state.map.pins.map(\.coordinate)) ?? state.map.viewport
    }

    /// The scorer over the user's stored weights (the defaults, with the error shown, when they cannot be read).
    func scorer() -> PreferenceScorer {
        do {
            return PreferenceScorer(preferences: try environment.store.preferences(), registry: environment.registry)
        } catch {
            state.error = AndAwayCopy.failed(.preferences, "\(error)")
            return PreferenceScorer(preferences: Preferences(), registry: environment.registry)
        }
    }

    /// Whether the library holds a bookmark of `place` (false, with the error shown, when it cannot be read).
    func isSaved(_ place: Place) -> Bool {
        do {
            return try !environment.store.bookmarks(for: place.libraryReference).isEmpty
        } catch {
            state.error = AndAwayCopy.failed(.library, "\(error)")
            return false
        }
    }

    func record(_ text: String, kind: QueryKind) {
        let entry = SearchHistoryEntry(id: environment.makeID(), query: text, kind: kind, at: environment.now())
        do {
            try environment.store.recordSearch(entry)
        } catch {
            state.error = AndAwayCopy.failed(.history, "\(error)")
        }
        refreshHistory()
    }

    func refreshHistory() {
        do {
            state.recentSearches = try environment.store.history(limit: 10)
        } catch {
            state.error = AndAwayCopy.failed(.history, "\(error)")
        }
    }
}

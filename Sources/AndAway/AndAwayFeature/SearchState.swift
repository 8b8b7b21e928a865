import LibraryKit
import PlaceKit

/// What the search screen shows.
public struct SearchState: Sendable, Equatable {
    /// The text in the search field.
    public var query = ""
    /// Suggestions for `query` (debounced).
    public var suggestions: [AutocompleteSuggestion] = []
    /// The provider the switch is set to.
    public var provider: ProviderChoice = .local
    /// The providers the switch offers.
    public var providers: [ProviderChoice] = [.local]
    /// Who answered the last search or suggestions (the local store after a fallback).
    public var answeredBy: ProviderChoice?
    /// A visible note, e.g. that Google failed and offline results are shown; nil when none.
    public var note: String?
    /// Category chips.
    public var chips: [CategoryChip] = []
    /// The last search's results in sections.
    public var sections: [ResultSection] = []
    /// The map.
    public var map = AndAwayMapState()
    /// The latest searches, newest first.
    public var recentSearches: [SearchHistoryEntry] = []
    /// The area the user moved the map to, if they did.
    public var visibleRegion: MapViewport?
    /// The map shows another area than the results: offer "Search this area".
    public var canSearchThisArea = false
    /// A search is running.
    public var isSearching = false
    /// The last error, in one line (when even the fallback failed).
    public var error: String?
    /// Whether the person's position may be read (nil until ``SearchModel/load()`` asked).
    public var locationAccess: LocationAccess?

    /// Why searches are not around the person, when they are not (location denied, restricted
    /// or failing); nil when the position may be read.
    public var locationProblem: String? { locationAccess.flatMap { AndAwayCopy.locationProblem($0) } }

    /// Every result row, section by section.
    public var rows: [ResultRow] { sections.flatMap(\.rows) }

    /// The selected chip's category.
    public var selectedCategory: PlaceCategory.ID? { chips.first(where: \.isSelected)?.id }
}

import LociLocalization
import PlaceKit

/// Which provider And Away asks: the local OpenStreetMap store (offline), Google Places, or
/// Apple Maps (MapKit, on the phone only). The one value the settings switch changes.
public enum ProviderChoice: String, Sendable, Hashable, CaseIterable, Codable {
    /// The place store on the phone (OpenStreetMap): always available, the fallback.
    case local
    /// Google Places (New).
    case google
    /// Apple Maps through MapKit (`AndAwayLive`).
    case appleMaps

    /// The name shown in the switch and in notes, in the person's language.
    public var displayName: String { displayName(in: .current) }

    /// The name shown in the switch and in notes, in `language`.
    public func displayName(in language: AppLanguage) -> String {
        let t = Localizer(.andAway, language)
        switch self {
        case .local: return t("Offline (OpenStreetMap)")
        case .google: return t("Google")
        case .appleMaps: return t("Apple Maps")
        }
    }
}

/// One provider's services as the models see them: protocols only (`docs/and-away.md`, Providers).
public struct PlaceSource: Sendable {
    /// Which provider this is.
    public let choice: ProviderChoice
    /// Text, nearby and region search.
    public let search: any PlacesSearchService
    /// Details of one place.
    public let details: any PlaceDetailsService
    /// Suggestions while typing.
    public let autocomplete: any AutocompleteService

    /// A source from its parts.
    public init(
        choice: ProviderChoice, search: any PlacesSearchService, details: any PlaceDetailsService,
        autocomplete: any AutocompleteService
    ) {
        self.choice = choice
        self.search = search
        self.details = details
        self.autocomplete = autocomplete
    }

    /// A source whose one value answers all three protocols (the local store, Google, MapKit).
    public init<Provider: PlacesSearchService & PlaceDetailsService & AutocompleteService>(
        _ choice: ProviderChoice, provider: Provider
    ) {
        self.init(choice: choice, search: provider, details: provider, autocomplete: provider)
    }
}

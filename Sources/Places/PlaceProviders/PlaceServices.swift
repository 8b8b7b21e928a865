import Foundation
import Gazetteer
import GooglePlaces
import PlaceKit
import PlaceStore

/// Which provider answers And Away's place questions: the one configuration value the seed asks
/// for (`and-away.md` §3 "Easy Provider Switching").
public enum PlaceProviderKind: String, Sendable, CaseIterable, Codable {
    /// The local OSM place store (offline).
    case local
    /// Google Places (New) over HTTP (needs an API key).
    case google
}

/// The four services of one provider, as view models see them (protocols only).
///
/// Geocoding (``location``) is always local (gazetteer and store) when a gazetteer is given:
/// Google's geocoding is a separate API (Geocoding API) not wired here.
public struct PlaceServices: Sendable {
    /// Which provider this is.
    public let provider: PlaceProviderKind
    /// Text, nearby and region search.
    public let search: any PlacesSearchService
    /// Details and photos.
    public let details: any PlaceDetailsService
    /// Suggestions while typing.
    public let autocomplete: any AutocompleteService
    /// Geocoding, when a gazetteer is available.
    public let location: (any LocationService)?

    /// Creates services from parts (tests, or an Apple shell adding MapKit).
    public init(
        provider: PlaceProviderKind, search: any PlacesSearchService, details: any PlaceDetailsService,
        autocomplete: any AutocompleteService, location: (any LocationService)?
    ) {
        self.provider = provider
        self.search = search
        self.details = details
        self.autocomplete = autocomplete
        self.location = location
    }

    /// The services `provider` names.
    ///
    /// - Parameters:
    ///   - store: the local place store (required for `.local`).
    ///   - gazetteer: enables ``location``.
    ///   - google: the Google configuration (required for `.google`; see
    ///     ``GooglePlaces/GooglePlacesConfiguration/fromEnvironment(_:baseURL:languageCode:)``).
    /// - Throws: ``PlaceServicesError`` naming what the chosen provider lacks.
    public static func make(
        _ provider: PlaceProviderKind, store: SQLitePlaceStore? = nil, gazetteer: Gazetteer? = nil,
        google: GooglePlacesConfiguration? = nil
    ) throws(PlaceServicesError) -> PlaceServices {
        let local = store.map { LocalPlacesProvider(store: $0) }
        let location = gazetteer.map { LocalLocationService(gazetteer: $0, places: local) }
        switch provider {
        case .local:
            guard let local else { throw .missing(provider: .local, what: "a place store") }
            return PlaceServices(
                provider: .local, search: local, details: local, autocomplete: local, location: location)
        case .google:
            guard let google else {
                throw .missing(
                    provider: .google, what: "an API key (\(GooglePlacesConfiguration.apiKeyVariable))")
            }
            let client = GooglePlacesProvider(client: GooglePlacesClient(configuration: google))
            return PlaceServices(
                provider: .google, search: client, details: client, autocomplete: client, location: location)
        }
    }
}

/// The chosen provider cannot be built.
public enum PlaceServicesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider needs something that was not given.
    case missing(provider: PlaceProviderKind, what: String)

    /// One line for the CLI.
    public var description: String {
        switch self {
        case .missing(let provider, let what): "the \(provider.rawValue) provider needs \(what)"
        }
    }
}

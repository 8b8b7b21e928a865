import GeoKit
import LociLocalization
import PlaceKit
import TidepoolClient

/// What the details sheet shows about a place.
public struct PlaceDetail: Sendable, Equatable {
    /// The place id.
    public var id: String
    /// The name, or the category's name when the place has none.
    public var title: String
    /// The category in words ("Café").
    public var categoryName: String
    /// Where it is.
    public var coordinate: Coordinate
    /// The street address, when known.
    public var address: String?
    /// Opening hours as published (OSM syntax), when known.
    public var openingHours: String?
    /// Whether it is open now, when the hours say.
    public var openNow: Bool?
    /// Phone number, when known.
    public var phone: String?
    /// Website, when known.
    public var website: String?

    /// The sheet's values for a server place, its category named in `language` (the server's
    /// English name for a category this phone's registry does not know).
    public init(_ place: TidepoolPlace, in language: AppLanguage = .current) {
        id = place.id
        categoryName = CategoryRegistry.standard.category(id: place.category)?.name(in: language) ?? place.categoryName
        title = place.name ?? categoryName
        coordinate = Coordinate(uncheckedLatitude: place.lat, longitude: place.lon)
        address = place.address
        openingHours = place.openingHours
        openNow = place.openNow
        phone = place.phone
        website = place.website
    }
}

/// Whether the place is one of the user's favourites, as far as the phone knows.
public enum PlaceFavouriteState: Sendable, Equatable {
    /// Not a favourite.
    case none
    /// Saved on the server, with its server id and rating.
    case saved(id: String, rating: Int?)
    /// Saved on the phone, waiting for the server (offline); sent by the client's queue later.
    case waiting(rating: Int?)

    /// Whether the heart is filled.
    public var isFavourite: Bool {
        if case .none = self { return false }
        return true
    }

    /// The stars shown (nil: none given).
    public var rating: Int? {
        switch self {
        case .none: nil
        case .saved(_, let rating), .waiting(let rating): rating
        }
    }
}

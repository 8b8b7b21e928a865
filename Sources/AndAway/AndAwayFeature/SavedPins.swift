import GeoKit
import LibraryKit
import LibraryService
import PlaceKit

/// A saved place on the library's map, in its list's colour.
public struct SavedPin: Sendable, Hashable, Identifiable {
    /// The bookmark's id.
    public var id: String
    /// The bookmark's name.
    public var title: String
    /// Where it is.
    public var coordinate: Coordinate
    /// The list it is drawn for (its first list by name), nil when it is in none.
    public var list: String?
    /// `#RRGGBB`: the list's colour, or the one colour of places in no list.
    public var colorHex: String
}

/// A list's colour: stable for the list's id (adding or renaming another list changes nothing).
public enum ListColor {
    /// Places in no list.
    public static let unlisted = "#7F7F7F"

    /// The colour of the list with `id`.
    public static func hex(list id: String) -> String { CategoryRegistry.fallbackColorHex(for: "list.\(id)") }

    /// The saved places that have a position, each in the colour of its first list by name.
    public static func pins(_ bookmarks: [Bookmark], lists: [ListSummary]) -> [SavedPin] {
        let names = Dictionary(lists.map { ($0.list.id, $0.list.name) }, uniquingKeysWith: { first, _ in first })
        return bookmarks.compactMap { bookmark in
            guard let coordinate = bookmark.coordinate else { return nil }
            let list = bookmark.lists.filter { names[$0] != nil }.min { (names[$0] ?? "", $0) < (names[$1] ?? "", $1) }
            return SavedPin(
                id: bookmark.id, title: bookmark.name, coordinate: coordinate, list: list.flatMap { names[$0] },
                colorHex: list.map(hex(list:)) ?? unlisted)
        }
    }
}

extension Bookmark {
    /// The place a saved row opens on, and the provider its details are asked of: an OSM place
    /// from the offline store, a Google place from Google (only its saved name and position when
    /// Google is not configured), a pin as itself. Nil when no position is kept (a Google place's
    /// position is not kept past the terms' 30 days) and so nothing could be shown on a map.
    public func placeToOpen(offering choices: [ProviderChoice]) -> (place: Place, provider: ProviderChoice)? {
        guard let coordinate else { return nil }
        let id: PlaceID?
        let provider: ProviderChoice
        switch place.provider {
        case .local:
            id = PlaceID(rawValue: place.id)
            provider = .local
        case .google:
            id = PlaceID(googlePlaceID: place.id)
            provider = choices.contains(.google) ? .google : .local
        case .custom:
            id = PlaceID(rawValue: place.id) ?? PlaceID(rawValue: "pin:\(place.id)")
            provider = .local
        }
        guard let id else { return nil }
        return (Place(id: id, name: name, category: "saved", coordinate: coordinate), provider)
    }
}

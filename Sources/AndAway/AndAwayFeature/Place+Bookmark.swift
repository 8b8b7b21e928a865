import Foundation
import LibraryKit
import LibraryService
import PlaceKit

extension Place {
    /// How the library refers to this place: an OSM place by its id, a Google place by its Google
    /// id (the only thing the terms let us keep), anything else (Apple Maps) as a pin at its
    /// position, the same id ``LibraryService/BookmarkTarget/pin(_:)`` gives, so "is saved" finds it.
    public var libraryReference: PlaceReference {
        switch id.provider {
        case "osm": return PlaceReference(provider: .local, id: id.rawValue)
        case "google": return PlaceReference(provider: .google, id: String(id.rawValue.dropFirst("google:".count)))
        default:
            return PlaceReference(
                provider: .custom, id: String(format: "pin:%.6f,%.6f", coordinate.latitude, coordinate.longitude))
        }
    }

    /// What ``LibraryService/BookmarkLibrary/bookmark(_:name:coordinate:note:tags:lists:)`` saves for this place.
    public var bookmarkTarget: BookmarkTarget {
        switch id.provider {
        case "osm": .stored(id)
        case "google": .google(libraryReference.id)
        default: .pin(coordinate)
        }
    }
}

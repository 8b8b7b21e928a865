import LibraryKit
import PlaceKit

/// Why a library action was refused, naming the list, bookmark or place concerned.
public enum LibraryServiceError: Error, Sendable, CustomStringConvertible {
    /// The store refused or failed (its rule or file error, with where).
    case library(LibraryError)
    /// No list has this name or id.
    case noList(String)
    /// No bookmark has this id.
    case noBookmark(String)
    /// The place store has no place with this id.
    case noPlace(PlaceID)
    /// The place store could not be opened or read (its one-line message).
    case placeLookup(String)
    /// The bookmark has no title: none was given and the place has no name to take.
    case needsTitle

    /// One line.
    public var description: String {
        switch self {
        case .library(let error): error.description
        case .noList(let name): "no list called '\(name)'"
        case .noBookmark(let id): "no bookmark '\(id)'"
        case .noPlace(let id): "no place \(id.rawValue)"
        case .placeLookup(let message): message
        case .needsTitle: "a title is needed for this place"
        }
    }
}

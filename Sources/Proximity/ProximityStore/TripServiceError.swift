import PlaceFiles
import PlaceKit
import ProximityKit

/// Why a trip action was refused, naming the trip, place or field concerned.
public enum TripServiceError: Error, Sendable, CustomStringConvertible {
    /// The store refused a value or failed (the field and reason).
    case store(ProximityFieldError)
    /// No trip has this name or id.
    case noTrip(String)
    /// The trip has no saved place with this id.
    case noSavedPlace(id: String, trip: String)
    /// The place store has no place with this id.
    case noPlace(PlaceID)
    /// The place store could not be opened or read (its one-line message).
    case placeLookup(String)
    /// A place file was refused (the feature, field and reason); nothing was imported.
    case placeFile(PlaceFileError)

    /// One line.
    public var description: String {
        switch self {
        case .store(let error): error.description
        case .noTrip(let name): "no trip called '\(name)'"
        case .noSavedPlace(let id, let trip): "no place '\(id)' in trip '\(trip)'"
        case .noPlace(let id): "no place \(id.rawValue)"
        case .placeLookup(let message): message
        case .placeFile(let error): error.description
        }
    }
}

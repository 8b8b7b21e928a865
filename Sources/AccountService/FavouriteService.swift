import Foundation
import LociServerStore
import PlaceKit

/// A device's favourite places on the server: creating one checks the place id, that the place
/// is in the store and the note's length, then stores it under a new id.
public struct FavouriteService: Sendable {
    /// The longest note kept, in characters.
    public static let maximumNoteLength = 500

    private let favourites: any FavouriteRepository
    private let places: any PlaceDetailsService
    private let makeID: @Sendable () -> String

    /// Creates the service over the favourite repository and the place details that must know
    /// each favourite's place; `makeID` makes new favourite ids.
    public init(
        favourites: any FavouriteRepository, places: any PlaceDetailsService,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.favourites = favourites
        self.places = places
        self.makeID = makeID
    }

    /// Saves a favourite and returns it as stored.
    ///
    /// - Parameter now: Unix seconds, its `createdAt`.
    /// - Throws: ``FavouriteServiceError`` naming the place id, the note or the store's failure.
    public func create(deviceID: String, placeID: String, rating: Int?, note: String?, at now: Int64)
        async throws(FavouriteServiceError) -> FavouriteRecord
    {
        guard let id = PlaceID(rawValue: placeID) else { throw .invalidPlaceID(placeID) }
        let place: Place?
        do { place = try await places.placeDetails(id: id) } catch { throw .placeLookup("\(error)") }
        guard place != nil else { throw .noPlace(placeID) }
        if let note, note.count > Self.maximumNoteLength { throw .noteTooLong }
        let favourite = FavouriteRecord(
            id: makeID(), deviceID: deviceID, placeID: placeID, rating: rating, note: note, createdAt: now)
        do { try await favourites.createFavourite(favourite) } catch { throw .store(error) }
        return favourite
    }
}

/// Why a favourite was not saved.
public enum FavouriteServiceError: Error, Sendable, CustomStringConvertible {
    /// The text is not a place id (`osm:node/123`).
    case invalidPlaceID(String)
    /// The place store has no such place.
    case noPlace(String)
    /// The place store could not be read (its one-line message).
    case placeLookup(String)
    /// The note is longer than ``FavouriteService/maximumNoteLength``.
    case noteTooLong
    /// The store refused or failed (an unknown rating, a database error).
    case store(ServerStoreError)

    /// One line.
    public var description: String {
        switch self {
        case .invalidPlaceID(let text): "place_id \(text) is not a place id (such as osm:node/123)"
        case .noPlace(let text): "no place with id \(text)"
        case .placeLookup(let message): message
        case .noteTooLong: "note is longer than \(FavouriteService.maximumNoteLength) characters"
        case .store(let error): error.description
        }
    }
}

import Foundation
import PlaceKit
import ServerRepositories

/// A device's favourite places on the server: creating one checks the place id, that the place
/// is in the store and the note's length, then stores it under a new id. With a
/// ``ProfileService``, every change (create, rate, delete) learns the device's profile from the
/// favourites the change leaves (``ProfileService/relearned(deviceID:favourites:at:)``) and
/// stores the change and the profile in one transaction
/// (``FavouriteRepository/changeFavourite(_:profile:)``), so a 5 ★ jazz bar moves it towards jazz
/// and a crash never keeps one without the other.
public struct FavouriteService: Sendable {
    /// The longest note kept, in characters.
    public static let maximumNoteLength = 500

    private let favourites: any FavouriteRepository
    private let places: any PlaceDetailsService
    private let profiles: ProfileService?
    private let makeID: @Sendable () -> String

    /// Creates the service over the favourite repository and the place details that must know
    /// each favourite's place; `profiles` (when given) learns the profile after each change;
    /// `makeID` makes new favourite ids.
    public init(
        favourites: any FavouriteRepository, places: any PlaceDetailsService, profiles: ProfileService? = nil,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.favourites = favourites
        self.places = places
        self.profiles = profiles
        self.makeID = makeID
    }

    /// Saves a favourite and returns it as stored.
    ///
    /// - Parameter now: Unix seconds, its `createdAt`.
    /// - Throws: ``FavouriteServiceError`` naming the place id, the note or the store's failure.
    public func create(deviceID: String, placeID: String, rating: Int?, note: String?, at now: Int64)
        async throws(FavouriteServiceError) -> FavouriteRecord
    {
        if TextValidation.containsControlCharacter(placeID) { throw .controlCharacter(field: "place_id") }
        if let note, TextValidation.containsControlCharacter(note, allowingLineBreaks: true) {
            throw .controlCharacter(field: "note")
        }
        guard let id = PlaceID(rawValue: placeID) else { throw .invalidPlaceID(placeID) }
        let place: Place?
        do { place = try await places.placeDetails(id: id) } catch { throw .placeLookup("\(error)") }
        guard place != nil else { throw .noPlace(placeID) }
        if let note, note.count > Self.maximumNoteLength { throw .noteTooLong }
        let favourite = FavouriteRecord(
            id: makeID(), deviceID: deviceID, placeID: placeID, rating: rating, note: note, createdAt: now)
        try await apply(.create(favourite), at: now)
        return favourite
    }

    /// Sets (or clears, with nil) the rating of one of the device's favourites and returns it.
    ///
    /// - Parameter now: Unix seconds, when the profile is learned again.
    /// - Throws: ``FavouriteServiceError/store(_:)`` (`notFound` for another device's or an
    ///   unknown favourite, `invalidArgument` for a rating outside 1…5),
    ///   ``FavouriteServiceError/profile(_:)`` when the profile could not be learned again.
    public func rate(id: String, deviceID: String, rating: Int?, at now: Int64)
        async throws(FavouriteServiceError) -> FavouriteRecord
    {
        guard let favourite = try await apply(.rate(id: id, deviceID: deviceID, rating: rating), at: now) else {
            throw .store(ServerStoreError(.notFound("favourite \(id)"), operation: "favourites.rate"))
        }
        return favourite
    }

    /// Deletes one of the device's favourites.
    ///
    /// - Throws: as ``rate(id:deviceID:rating:at:)``.
    public func delete(id: String, deviceID: String, at now: Int64) async throws(FavouriteServiceError) {
        try await apply(.delete(id: id, deviceID: deviceID), at: now)
    }

    /// How many times a change is learned again when another change of the same device landed
    /// while it was being learned.
    static let learningAttempts = 4

    /// Learns the profile from the favourites `change` leaves, then stores both at once, on the
    /// condition that the favourites it learned from are still the stored ones (else it reads and
    /// learns again: two changes at once both end up in the profile).
    @discardableResult
    private func apply(_ change: FavouriteChange, at now: Int64) async throws(FavouriteServiceError)
        -> FavouriteRecord?
    {
        // A rating outside 1…5 is refused by the store before anything is learned from it.
        guard let profiles, change.rating.map({ (1...5).contains($0) }) ?? true else {
            do { return try await favourites.changeFavourite(change, profile: nil) } catch { throw .store(error) }
        }
        var attempt = 1
        while true {
            let stored: [FavouriteRecord]
            do { stored = try await favourites.favourites(deviceID: change.deviceID) } catch { throw .store(error) }
            let profile: ProfileRecord?
            do {
                profile = try await profiles.relearned(
                    deviceID: change.deviceID, favourites: change.applied(to: stored), at: now)
            } catch {
                throw .profile(error)
            }
            do {
                return try await favourites.changeFavourite(change, profile: profile, basis: profile == nil ? nil : stored)
            } catch {
                guard case .conflict(FavouriteBasis.changedMessage) = error.kind, attempt < Self.learningAttempts else {
                    throw .store(error)
                }
                attempt += 1
            }
        }
    }
}

/// Why a favourite was not saved.
public enum FavouriteServiceError: Error, Sendable, CustomStringConvertible {
    /// The text is not a place id (`osm:node/123`).
    case invalidPlaceID(String)
    /// A text field (`place_id`, `note`) holds a control character (a note may hold line breaks).
    case controlCharacter(field: String)
    /// The place store has no such place.
    case noPlace(String)
    /// The place store could not be read (its one-line message).
    case placeLookup(String)
    /// The note is longer than ``FavouriteService/maximumNoteLength``.
    case noteTooLong
    /// The store refused or failed (an unknown rating, a database error).
    case store(ServerStoreError)
    /// The profile could not be learned from the change (nothing was saved).
    case profile(ProfileServiceError)

    /// One line.
    public var description: String {
        switch self {
        case .invalidPlaceID(let text): "place_id \(text) is not a place id (such as osm:node/123)"
        case .controlCharacter(let field): TextValidation.refusal(field: field)
        case .noPlace(let text): "no place with id \(text)"
        case .placeLookup(let message): message
        case .noteTooLong: "note is longer than \(FavouriteService.maximumNoteLength) characters"
        case .store(let error): error.description
        case .profile(let error): "the profile could not be learned: \(error.description)"
        }
    }
}

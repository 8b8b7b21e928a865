/// One change to a device's favourites, as ``FavouriteRepository/changeFavourite(_:profile:)``
/// applies it together with the profile learned from its result.
public enum FavouriteChange: Sendable, Equatable {
    /// Saves a new favourite (its `deviceID` is the owner).
    case create(FavouriteRecord)
    /// Sets (or, with nil, clears) the rating of one of the device's favourites.
    case rate(id: String, deviceID: String, rating: Int?)
    /// Deletes one of the device's favourites.
    case delete(id: String, deviceID: String)

    /// The device whose favourites change.
    public var deviceID: String {
        switch self {
        case .create(let favourite): favourite.deviceID
        case .rate(_, let deviceID, _), .delete(_, let deviceID): deviceID
        }
    }

    /// The rating the change stores, nil for none (or a delete).
    public var rating: Int? {
        switch self {
        case .create(let favourite): favourite.rating
        case .rate(_, _, let rating): rating
        case .delete: nil
        }
    }

    /// The repository operation's name in errors (`favourites.create`, `.rate`, `.delete`).
    public var operation: String {
        switch self {
        case .create: "favourites.create"
        case .rate: "favourites.rate"
        case .delete: "favourites.delete"
        }
    }

    /// `favourites` (one device's, as stored) as they are after this change succeeds: a new one
    /// appended, a rating replaced, a favourite removed. A change the store would refuse (an
    /// unknown id) leaves them as they are.
    public func applied(to favourites: [FavouriteRecord]) -> [FavouriteRecord] {
        switch self {
        case .create(let favourite):
            return favourites.contains { $0.placeID == favourite.placeID } ? favourites : favourites + [favourite]
        case .rate(let id, _, let rating):
            return favourites.map { record in
                var record = record
                if record.id == id { record.rating = rating }
                return record
            }
        case .delete(let id, _):
            return favourites.filter { $0.id != id }
        }
    }
}

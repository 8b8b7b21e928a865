import TidepoolClient

/// One favourite as the profile lists it: saved on the server, or made on the phone and still
/// waiting to be sent.
public struct FavouriteRow: Sendable, Equatable, Identifiable {
    /// The server's id, nil while pending.
    public var favouriteID: String?
    /// The place.
    public var placeID: String
    /// The rating, 1–5.
    public var rating: Int?
    /// The note.
    public var note: String?
    /// Whether the server has not confirmed it yet (made offline).
    public var pending: Bool
    /// Whether a removal of it is waiting to be sent (still listed, marked).
    public var removalPending: Bool
    /// The place's name (or its category's when it has none), once read; nil until then.
    public var placeName: String? = nil

    /// What the list shows: the place's name, or its id while the name is unknown (offline).
    public var title: String { placeName ?? placeID }

    /// The server id, or `pending:<place>`.
    public var id: String { favouriteID ?? "pending:\(placeID)" }

    /// The rows for the server's `favourites` with the waiting `changes` applied on top: queued
    /// adds appended as pending, queued removals marked, queued ratings shown (and pending).
    public static func rows(server favourites: [TidepoolFavourite], pending changes: [FavouriteChange])
        -> [FavouriteRow]
    {
        var rows = favourites.map {
            FavouriteRow(
                favouriteID: $0.id, placeID: $0.placeId, rating: $0.rating, note: $0.note, pending: false,
                removalPending: false)
        }
        for change in changes {
            switch change {
            case .add(let placeID, let rating, let note):
                guard !rows.contains(where: { $0.placeID == placeID && !$0.removalPending }) else { continue }
                rows.append(
                    FavouriteRow(
                        favouriteID: nil, placeID: placeID, rating: rating, note: note, pending: true,
                        removalPending: false))
            case .remove(let id):
                for index in rows.indices where rows[index].favouriteID == id {
                    rows[index].removalPending = true
                }
            case .rate(let placeID, let rating):
                // The rating shows at once; the row is pending until the server has it.
                for index in rows.indices where rows[index].placeID == placeID && !rows[index].removalPending {
                    rows[index].rating = rating
                    rows[index].pending = true
                }
            }
        }
        return rows
    }
}

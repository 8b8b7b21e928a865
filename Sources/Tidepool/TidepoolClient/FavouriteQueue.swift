import Foundation

/// One change to the favourites that the server has not confirmed yet.
public enum FavouriteChange: Sendable, Codable, Equatable {
    /// Save `placeID` with an optional rating (1–5) and note.
    case add(placeID: String, rating: Int?, note: String?)
    /// Delete the favourite with this server id.
    case remove(favouriteID: String)
    /// Rate the favourite of `placeID` 1–5 stars. By place, not server id: a favourite saved
    /// offline has no server id until its add is sent, and the rating follows it in the queue.
    case rate(placeID: String, rating: Int)
}

/// The favourites changes waiting for the server, in the order they were made.
///
/// ``TidepoolClient`` appends a change here before it sends anything, and removes it only
/// after the server answered it, so a change made offline (or in a process that died) is sent
/// later, once and in order. The app's adapter persists it (a file in the app's container);
/// ``InMemoryFavouriteQueue`` keeps it for the process.
public protocol FavouriteQueue: Sendable {
    /// The waiting changes, oldest first.
    func pending() async throws -> [FavouriteChange]
    /// Appends a change at the end.
    func append(_ change: FavouriteChange) async throws
    /// Removes the oldest change (the server answered it).
    func removeFirst() async throws
    /// Removes every change (the device was deleted).
    func clear() async throws
}

/// A favourites queue kept in memory.
public actor InMemoryFavouriteQueue: FavouriteQueue {
    private var changes: [FavouriteChange]

    /// Creates a queue holding `changes`.
    public init(_ changes: [FavouriteChange] = []) { self.changes = changes }

    /// The waiting changes, oldest first.
    public func pending() -> [FavouriteChange] { changes }
    /// Appends a change.
    public func append(_ change: FavouriteChange) { changes.append(change) }
    /// Removes the oldest change.
    public func removeFirst() {
        if !changes.isEmpty { changes.removeFirst() }
    }
    /// Removes every change.
    public func clear() { changes.removeAll() }
}

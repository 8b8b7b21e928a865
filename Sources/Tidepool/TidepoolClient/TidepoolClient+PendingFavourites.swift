import Foundation

extension TidepoolClient {
    /// The favourites changes still waiting for the server, oldest first (a profile screen shows
    /// them as pending).
    public func pendingFavouriteChanges() async throws(TidepoolClientError) -> [FavouriteChange] {
        do { return try await favouriteQueue.pending() } catch { throw .queue(message: "\(error)") }
    }
}

import Observation
import TidepoolClient

/// The details sheet of one place: what it is, and the user's favourite and rating of it.
///
/// Favourite changes go through the client's queue
/// (``TidepoolFavouritesAPI/addFavourite(placeID:rating:note:)``,
/// ``TidepoolFavouritesAPI/removeFavourite(id:)``): made offline, they show as waiting and reach
/// the server with the next sync. A new rating of a favourite (saved, or still waiting to be
/// sent) is a rating change queued after it
/// (``TidepoolFavouritesAPI/rateFavourite(placeID:rating:)``): the favourite keeps its id, note
/// and date.
@MainActor @Observable
public final class PlaceDetailModel {
    /// The place id.
    public let placeID: String
    /// The place, once loaded.
    public private(set) var place: PlaceDetail?
    /// The favourite state.
    public private(set) var favourite = PlaceFavouriteState.none
    /// The last failure, in words.
    public private(set) var problem: String?

    @ObservationIgnored let client: any TidepoolPlacesAPI & TidepoolFavouritesAPI

    /// The sheet for `placeID`; nothing is read until ``load()``.
    public init(placeID: String, client: any TidepoolPlacesAPI & TidepoolFavouritesAPI) {
        self.placeID = placeID
        self.client = client
    }

    /// Reads the place and whether it is a favourite (the favourites list; offline the heart
    /// keeps its state and the problem says why).
    public func load() async {
        do throws(TidepoolClientError) {
            place = PlaceDetail(try await client.place(id: placeID))
        } catch {
            problem = error.description
        }
        do throws(TidepoolClientError) {
            let saved = try await client.favourites().first { $0.placeId == placeID }
            favourite = saved.map { .saved(id: $0.id, rating: $0.rating) } ?? .none
        } catch .notRegistered {
            favourite = .none
        } catch {
            problem = error.description
        }
    }

    /// Adds the place to the favourites, or removes it.
    public func toggleFavourite() async {
        switch favourite {
        case .none: await add(rating: nil)
        case .saved(let id, _): await remove(id: id)
        case .waiting:
            // Its server id is not known until the queue is sent: sync first, then remove.
            await load()
            if case .saved(let id, _) = favourite { await remove(id: id) }
        }
    }

    /// Rates the place 1 to 5 stars (making it a favourite if it is not one).
    public func rate(_ stars: Int) async {
        guard (1...5).contains(stars) else {
            problem = TidepoolCopy.badRating(stars)
            return
        }
        switch favourite {
        case .none: await add(rating: stars)
        case .waiting(let rating), .saved(_, let rating):
            guard rating != stars else { return }
            await rateSaved(stars)
        }
    }

    private func rateSaved(_ stars: Int) async {
        do throws(TidepoolClientError) {
            let sync = try await client.rateFavourite(placeID: placeID, rating: stars)
            if let saved = sync.saved.last(where: { $0.placeId == placeID }) {
                favourite = .saved(id: saved.id, rating: saved.rating)
            } else if let refusal = sync.refused.last {
                problem = refusal.error.description
            } else if sync.waiting > 0 {
                favourite = .waiting(rating: stars)
            }
        } catch {
            problem = error.description
        }
    }

    private func add(rating: Int?) async {
        do throws(TidepoolClientError) {
            let sync = try await client.addFavourite(placeID: placeID, rating: rating, note: nil)
            if let saved = sync.saved.last(where: { $0.placeId == placeID }) {
                favourite = .saved(id: saved.id, rating: saved.rating)
            } else if let refusal = sync.refused.last {
                problem = refusal.error.description
            } else if sync.waiting > 0 {
                favourite = .waiting(rating: rating)
            } else {
                // The server had it already (an add sent twice): read its id.
                await load()
            }
        } catch {
            problem = error.description
        }
    }

    private func remove(id: String) async {
        do throws(TidepoolClientError) {
            let sync = try await client.removeFavourite(id: id)
            if let refusal = sync.refused.last {
                problem = refusal.error.description
            } else {
                favourite = .none
            }
        } catch {
            problem = error.description
        }
    }
}

extension PlaceDetailModel: Identifiable {
    /// The place id (one sheet per place).
    public nonisolated var id: String { placeID }
}

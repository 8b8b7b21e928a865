import Foundation
import ProximityKit

extension TripService {
    /// Saves a trip's edited fields (found by id; the name trimmed) and returns what was stored.
    /// - Throws: ``TripServiceError/store(_:)`` naming the field when a value is invalid, or
    ///   `id` when there is no such trip.
    @discardableResult
    public func update(_ trip: Trip) throws(TripServiceError) -> Trip {
        var trimmed = trip
        trimmed.name = trip.name.trimmingCharacters(in: .whitespaces)
        let saved = trimmed
        do { try store.update(saved) } catch { throw .store(error) }
        return saved
    }

    /// Saves places as they are (new ids added, known ids replaced), all or nothing: an edited
    /// place, or a place found by search.
    public func save(_ places: [SavedPlace]) throws(TripServiceError) {
        do { try store.add(places) } catch { throw .store(error) }
    }

    /// Marks a place of a trip visited at `time` (seconds since 1970), keeping the first visit;
    /// false when the place is not in the trip or was visited already.
    @discardableResult
    public func markVisited(placeID: String, tripID: String, at time: Double) throws(TripServiceError) -> Bool {
        do { return try store.markVisited(placeID: placeID, tripID: tripID, at: time) } catch { throw .store(error) }
    }

    /// Puts back a deleted trip with its places (undo), all or nothing.
    /// - Throws: ``TripServiceError/store(_:)`` when the name was taken in the meantime.
    public func restore(_ trip: Trip, places: [SavedPlace]) throws(TripServiceError) {
        do { try store.create(trip) } catch { throw .store(error) }
        do {
            try store.add(places)
        } catch {
            _ = try? store.delete(tripID: trip.id)
            throw .store(error)
        }
    }

    /// A trip's places (by trip id), by name.
    public func places(ofTrip tripID: String) throws(TripServiceError) -> [SavedPlace] {
        do { return try store.places(tripID: tripID) } catch { throw .store(error) }
    }

    /// Every trip and every place (what the tracking engine's catalog is built from).
    public func everything() throws(TripServiceError) -> (trips: [Trip], places: [SavedPlace]) {
        do { return (try store.trips(), try store.places()) } catch { throw .store(error) }
    }
}

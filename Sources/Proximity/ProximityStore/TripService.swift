import Foundation
import GeoKit
import PlaceKit
import ProximityKit

/// Proximity's trips as its screens and `loci trips` use them: create, list with place counts,
/// show, save and remove places, delete, over one ``TripStore``.
///
/// Trips are named by name (case-insensitive) or id. The id generator and the place lookup come
/// in from the caller, so the app can pass its own (and tests a fixed one).
public struct TripService: Sendable {
    /// The store written to.
    public let store: TripStore
    private let places: @Sendable () throws -> any PlaceDetailsService
    private let makeID: @Sendable () -> String

    /// Creates the service over `store`.
    ///
    /// - Parameters:
    ///   - places: opens the place details used by ``SavedPlaceSource/stored(_:)``; called only
    ///     for such a place. What it throws becomes ``TripServiceError/placeLookup(_:)``.
    ///   - makeID: new trip ids.
    public init(
        store: TripStore, places: @escaping @Sendable () throws -> any PlaceDetailsService,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.store = store
        self.places = places
        self.makeID = makeID
    }

    /// Opens (creating its folder and file) the trip store at `path`.
    public static func openStore(path: String) throws(TripServiceError) -> TripStore {
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        do { return try TripStore(path: path) } catch { throw .store(error) }
    }

    /// Creates a trip (its name trimmed, a new id) and returns it.
    /// - Throws: ``TripServiceError/store(_:)`` when a field is invalid or the name is taken.
    public func create(
        name: String, startDate: String? = nil, endDate: String? = nil, isActive: Bool = true,
        alertRadius: Double = 500, quietHours: QuietHours? = nil, timeZone: String
    ) throws(TripServiceError) -> Trip {
        let trip = Trip(
            id: makeID(), name: name.trimmingCharacters(in: .whitespaces), startDate: startDate, endDate: endDate,
            isActive: isActive, alertRadius: alertRadius, quietHours: quietHours, timeZone: timeZone)
        try stored { () throws(ProximityFieldError) in try store.create(trip) }
        return trip
    }

    /// Every trip by name, with how many places each holds and how many of them were visited.
    public func trips() throws(TripServiceError) -> [TripSummary] {
        let trips = try stored { () throws(ProximityFieldError) in try store.trips() }
        let places = try stored { () throws(ProximityFieldError) in try store.places() }
        let byTrip = Dictionary(grouping: places, by: \.tripID)
        return trips.map {
            let places = byTrip[$0.id] ?? []
            return TripSummary(trip: $0, places: places.count, visited: places.filter(\.isVisited).count)
        }
    }

    /// The trip with this name (case-insensitive) or id.
    public func trip(named name: String) throws(TripServiceError) -> Trip {
        guard let trip = try stored({ () throws(ProximityFieldError) in try store.trip(named: name) }) else {
            throw .noTrip(name)
        }
        return trip
    }

    /// A trip and its places, by name.
    public func tripWithPlaces(named name: String) throws(TripServiceError) -> (trip: Trip, places: [SavedPlace]) {
        let trip = try self.trip(named: name)
        return (trip, try stored { () throws(ProximityFieldError) in try store.places(tripID: trip.id) })
    }

    /// Saves a place to a trip (replacing one with the same id) and returns the trip and the place.
    ///
    /// A stored place keeps its id, name (its id when unnamed), position, category and hours;
    /// a custom place's id is `custom:LAT,LON` to six decimals. `category`, when given, replaces
    /// the place's; `alertRadius` (metres, 50–50,000) overrides the trip's for this place; `note`
    /// is kept with it.
    public func addPlace(
        _ source: SavedPlaceSource, toTrip name: String, category: String? = nil, alertRadius: Double? = nil, note: String? = nil
    ) async throws(TripServiceError) -> (trip: Trip, place: SavedPlace) {
        let trip = try self.trip(named: name)
        var saved: SavedPlace
        switch source {
        case .stored(let id):
            let found: Place?
            do { found = try await places().placeDetails(id: id) } catch { throw .placeLookup("\(error)") }
            guard let found else { throw .noPlace(id) }
            saved = SavedPlace(
                id: found.id.rawValue, tripID: trip.id, name: found.name ?? found.id.rawValue,
                coordinate: found.coordinate, category: found.category, openingHours: found.openingHours)
        case .custom(let placeName, let coordinate, let hours):
            saved = SavedPlace(
                id: "custom:" + String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude),
                tripID: trip.id, name: placeName, coordinate: coordinate, category: category,
                openingHours: hours.map { OpeningHours($0) })
        }
        if let category { saved.category = category }
        saved.alertRadius = alertRadius
        saved.note = note
        let place = saved
        try stored { () throws(ProximityFieldError) in try store.add([place]) }
        return (trip, place)
    }

    /// Removes a place from a trip; returns the trip.
    /// - Throws: ``TripServiceError/noSavedPlace(id:trip:)`` when the trip has no such place.
    @discardableResult
    public func removePlace(id placeID: String, fromTrip name: String) throws(TripServiceError) -> Trip {
        let trip = try self.trip(named: name)
        guard try stored({ () throws(ProximityFieldError) in try store.remove(placeID: placeID, tripID: trip.id) })
        else {
            throw .noSavedPlace(id: placeID, trip: trip.name)
        }
        return trip
    }

    /// Deletes a trip and its places; returns the trip.
    @discardableResult
    public func delete(named name: String) throws(TripServiceError) -> Trip {
        let trip = try self.trip(named: name)
        _ = try stored { () throws(ProximityFieldError) in try store.delete(tripID: trip.id) }
        return trip
    }

    private func stored<T>(_ body: () throws(ProximityFieldError) -> T) throws(TripServiceError) -> T {
        do { return try body() } catch { throw .store(error) }
    }
}

/// Where a saved place comes from.
public enum SavedPlaceSource: Sendable, Equatable {
    /// A place in the local place store, by id.
    case stored(PlaceID)
    /// A place given by name and position, with optional OSM opening hours.
    case custom(name: String, coordinate: Coordinate, openingHours: String?)
}

/// A trip, how many places it holds and how many of them were visited.
public struct TripSummary: Sendable, Equatable {
    /// The trip.
    public let trip: Trip
    /// Its saved-place count.
    public let places: Int
    /// How many of its places were visited (their alert opened).
    public let visited: Int

    /// Creates a summary from its parts.
    public init(trip: Trip, places: Int, visited: Int = 0) {
        self.trip = trip
        self.places = places
        self.visited = visited
    }
}

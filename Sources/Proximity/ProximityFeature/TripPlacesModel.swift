import Foundation
import GeoKit
import LociLocalization
import Observation
import PlaceKit
import ProximityKit
import ProximityStore

/// One row of a trip's places list.
public struct PlaceRow: Sendable, Equatable, Identifiable {
    /// The place.
    public var place: SavedPlace
    /// Metres from the last fix, if there is one.
    public var distance: Double?
    /// Its alert radius in metres (its own, else its trip's).
    public var radius: Double
    /// Whether the OS is watching it now.
    public var isMonitored: Bool
    /// Whether its alert went off and the user has not left it yet (announced, still near).
    public var isAlerting = false

    /// The place's kind in `language` ("Kahvila"), when it has one.
    public func categoryName(in language: AppLanguage = .current) -> String? {
        place.category.map { CategoryRegistry.standard.name(forID: $0, in: language) }
    }

    /// The place's id.
    public var id: String { place.id }
}

/// A search result the user can add.
public struct PlaceCandidate: Sendable, Equatable, Identifiable {
    /// The place found.
    public var place: Place
    /// Metres from the search centre, if known.
    public var distance: Double?
    /// Whether the trip already holds it.
    public var isSaved: Bool

    /// The place's id.
    public var id: String { place.id.rawValue }
}

/// What a trip's places screen shows.
public struct TripPlacesState: Sendable, Equatable {
    /// The trip.
    public var trip: Trip?
    /// Its places, nearest first when there is a fix, else by name.
    public var rows: [PlaceRow] = []
    /// The map.
    public var map = PlacesMapState(region: nil, annotations: [], refreshRegion: nil, userLocation: nil)
    /// "12 of 60 places watched now" for this trip.
    public var monitoredSummary = ""
    /// "3 of 12 visited": places whose alert was opened (empty for a trip without places).
    public var progress = ""
    /// How many places were visited.
    public var visitedCount = 0
    /// The honest latency of background alerts for the trip's radius ("at best about 300 m
    /// before a place, and often a minute or two late"), shown above the list and in the editor.
    public var latency = ""
    /// The last search's results.
    public var results: [PlaceCandidate] = []
    /// What the last file import did (share sheet), until the next one.
    public var lastImport: PlaceImportOutcome?
    /// The last error, in one line.
    public var error: String?
    /// How many times places were saved (added, dropped, edited or imported) since the screen
    /// opened: the trigger of the "saved" haptic.
    public var savedCount = 0
}

/// A trip's places: list and map state, add by search, edit, remove, Navigate.
@MainActor @Observable
public final class TripPlacesModel {
    /// What the screen shows.
    public internal(set) var state = TripPlacesState()
    /// The trip's id.
    public let tripID: String

    @ObservationIgnored let environment: ProximityEnvironment
    @ObservationIgnored let tracking: TrackingModel

    /// The places of `tripID`; `tracking` gives the monitored set and the last fix, and is told
    /// to re-plan after every change.
    public init(tripID: String, environment: ProximityEnvironment, tracking: TrackingModel) {
        self.tripID = tripID
        self.environment = environment
        self.tracking = tracking
    }

    /// Reads the trip and its places again and recomputes the list and map.
    public func load() {
        do {
            let trip = try environment.trips.trip(named: tripID)
            let places = try environment.trips.places(ofTrip: trip.id)
            let status = tracking.status
            let fix = status.lastFix?.coordinate
            let planner = tracking.plannerState
            let alerting = Set(planner.near.filter { planner.places[$0]?.announcedInside == true })
            var rows = places.map { place in
                PlaceRow(
                    place: place, distance: fix.map { Haversine.distance($0, place.coordinate) }, radius: place.radius(in: trip),
                    isMonitored: status.monitoredPlaceIDs.contains(place.id), isAlerting: alerting.contains(place.id))
            }
            if fix != nil { rows.sort { ($0.distance ?? 0, $0.place.name) < ($1.distance ?? 0, $1.place.name) } }
            state.trip = trip
            state.rows = rows
            state.map = PlacesMapState(
                region: MapRegion.fitting(places.map(\.coordinate)),
                annotations: places.map {
                    PlaceAnnotation(
                        id: $0.id, title: $0.name, coordinate: $0.coordinate, radius: $0.radius(in: trip),
                        isMonitored: status.monitoredPlaceIDs.contains($0.id), note: $0.note, isVisited: $0.isVisited,
                        isAlerting: alerting.contains($0.id))
                }, refreshRegion: status.refreshRegion, userLocation: fix)
            state.monitoredSummary = ProximityCopy.monitored(rows.filter(\.isMonitored).count, of: rows.count)
            state.visitedCount = places.filter(\.isVisited).count
            state.progress = places.isEmpty ? "" : ProximityCopy.progress(state.visitedCount, of: places.count)
            state.latency = latency(radius: trip.alertRadius)
            state.error = nil
        } catch {
            state.error = error.description
        }
    }

    /// Searches the place provider for `text` around the user (or the trip's places).
    public func search(_ text: String, limit: Int = 20) async {
        let center = tracking.status.lastFix?.coordinate ?? state.map.region?.center
        do {
            let found = try await environment.search.searchPlaces(SearchRequest(text: text, center: center, limit: limit))
            let saved = Set(state.rows.map(\.id))
            state.results = found.map { PlaceCandidate(place: $0.place, distance: $0.distance, isSaved: saved.contains($0.place.id.rawValue)) }
            state.error = nil
        } catch {
            state.results = []
            state.error = ProximityCopy.searchFailed(text, reason: String(describing: error))
        }
    }

    /// Adds a search result to the trip (its id, name, position, category and hours).
    public func add(_ candidate: PlaceCandidate) async {
        let place = candidate.place
        let saved = SavedPlace(
            id: place.id.rawValue, tripID: tripID, name: place.name ?? place.id.rawValue, coordinate: place.coordinate,
            category: place.category, openingHours: place.openingHours)
        await save([saved])
        state.results = state.results.map { var c = $0; c.isSaved = c.isSaved || c.id == candidate.id; return c }
    }

    /// Adds a dropped pin (a long press on the map) as a place named by reverse geocoding; when
    /// the geocoder fails or knows nothing there (offline), the place is still added, named
    /// "Dropped pin" and its coordinates. Its id is `pin:LAT,LON` (5 decimals, about 1 m), so
    /// the same point dropped twice is one place.
    public func dropPin(at coordinate: Coordinate) async {
        let named = try? await environment.geocoder.name(for: coordinate)
        let trimmed = (named ?? nil)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let position = ProximityCopy.coordinates(coordinate)
        let place = SavedPlace(
            id: "pin:\(position.replacingOccurrences(of: " ", with: ""))", tripID: tripID,
            name: trimmed.isEmpty ? ProximityCopy.droppedPin(coordinate) : trimmed, coordinate: coordinate)
        await save([place])
    }

    /// Saves an edited place (same id): its own radius (`nil`: the trip's) and note, from the
    /// place editor. An invalid value (a radius outside 50–50 000 m, a note too long) is refused
    /// with ``TripPlacesState/error`` naming the field, and nothing is saved.
    /// Returns whether it was saved (the editor closes then).
    @discardableResult
    public func edit(_ place: SavedPlace) async -> Bool {
        var place = place
        place.tripID = tripID
        if let note = place.note?.trimmingCharacters(in: .whitespacesAndNewlines) { place.note = note.isEmpty ? nil : note }
        return await save([place])
    }

    /// The latency notice for an alert radius (the trip's, or a place's own in the editor):
    /// with the refresh region iOS watches when walking, how far before a place the user is told at best.
    public func latency(radius: Double) -> String { environment.latencyNotice(radius: radius) }

    /// Removes a place from the trip.
    public func remove(placeID: String) async {
        do {
            try environment.trips.removePlace(id: placeID, fromTrip: tripID)
        } catch {
            state.error = error.description
        }
        await tracking.reloadPlaces()
        load()
    }

    /// Opens Maps with directions to a place.
    public func navigate(to placeID: String) async { await tracking.navigate(to: placeID) }

    /// Saves, re-plans, asks for location with the first place, reloads; false (with the
    /// error shown, after the reload) when the store refused.
    @discardableResult
    private func save(_ places: [SavedPlace]) async -> Bool {
        var failure: String?
        do {
            try environment.trips.save(places)
        } catch {
            failure = error.description
        }
        await tracking.reloadPlaces()
        await tracking.askLocationForFirstPlace()
        load()
        if let failure { state.error = failure } else { state.savedCount += 1 }
        return failure == nil
    }
}

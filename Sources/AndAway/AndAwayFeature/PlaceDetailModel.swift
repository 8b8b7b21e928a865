import Foundation
import LibraryKit
import Observation
import PlaceKit

/// What a place's sheet shows.
public struct PlaceDetailState: Sendable, Equatable {
    /// The place (the result's, replaced by the provider's full record when it arrives).
    public var place: Place?
    /// Open now (true), closed (false), unknown (nil).
    public var isOpen: Bool?
    /// The next seven days' hours, from today (empty when the place has none).
    public var week: [DayHours] = []
    /// The provider's photos of the place, resolved to URLs (none for the offline store).
    public var photos: [PlacePhoto] = []
    /// Walking, cycling and driving times from the user, once asked (``PlaceDetailModel/loadTravelTimes()``).
    public var travel: TravelTimes?
    /// The user's bookmark of it, when saved.
    public var bookmark: Bookmark?
    /// Whether it is saved.
    public var isSaved: Bool { bookmark != nil }
    /// The last error, in one line.
    public var error: String?
}

/// How long the user is from a place, by mode, at a glance.
public struct TravelTimes: Sendable, Hashable {
    /// Seconds on foot, nil when there is no walking route.
    public var walking: TimeInterval?
    /// Seconds by bicycle.
    public var cycling: TimeInterval?
    /// Seconds by car.
    public var driving: TimeInterval?
    /// Why there are no times, in one line.
    public var error: String?

    /// Times (or the reason there are none).
    public init(walking: TimeInterval? = nil, cycling: TimeInterval? = nil, driving: TimeInterval? = nil, error: String? = nil) {
        self.walking = walking
        self.cycling = cycling
        self.driving = driving
        self.error = error
    }
}

/// One place: details from the provider that found it, saving with a note, tags and lists, and
/// directions to it.
@MainActor @Observable
public final class PlaceDetailModel {
    /// What the sheet shows.
    public internal(set) var state = PlaceDetailState()
    /// Directions to this place.
    public let directions: DirectionsModel
    @ObservationIgnored let environment: AndAwayEnvironment
    @ObservationIgnored let source: PlaceSource

    /// A sheet for `place`, found by `provider`.
    public init(place: Place, provider: ProviderChoice, environment: AndAwayEnvironment) {
        self.environment = environment
        self.source = environment.source(for: provider)
        self.directions = DirectionsModel(environment: environment)
        state.place = place
    }

    /// Fetches the full record (details are never stored for Google places) and the bookmark.
    public func load() async {
        guard let place = state.place else { return }
        do {
            if let full = try await source.details.placeDetails(id: place.id) { state.place = full }
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(.details, "\(error)")
        }
        let now = environment.now()
        state.isOpen = state.place?.openingHours?.isOpen(at: now, in: environment.timeZone)
        state.week = state.place?.openingHours.map { WeekHours.week($0, from: now, timeZone: environment.timeZone) } ?? []
        readBookmark()
        await loadPhotos()
    }

    /// The provider's photos (at most six); a failure is shown and leaves none.
    func loadPhotos() async {
        guard let place = state.place else { return }
        do {
            state.photos = try await source.details.placePhotos(id: place.id, maxPhotos: 6)
        } catch {
            state.photos = []
            state.error = state.error ?? AndAwayCopy.failed(.photos, "\(error)")
        }
    }

    /// Walking, cycling and driving times from the user's position (a mode without a route is
    /// left out); says why when the position is unknown or the router fails.
    public func loadTravelTimes() async {
        guard let place = state.place else { return }
        guard let origin = await environment.location.currentLocation()?.coordinate else {
            state.travel = TravelTimes(error: AndAwayCopy.noPosition())
            return
        }
        do {
            let info = try await environment.directions.travelInfo(from: origin, to: place.coordinate)
            state.travel = TravelTimes(walking: info.walkingTime, cycling: info.cyclingTime, driving: info.drivingTime)
        } catch {
            state.travel = TravelTimes(error: AndAwayCopy.failed(.travelTimes, "\(error)"))
        }
    }

    /// Saves the place with a note, tags and lists (names or ids).
    public func save(note: String = "", tags: [String] = [], lists: [String] = []) async {
        guard let place = state.place, !state.isSaved else { return }
        do {
            state.bookmark = try await environment.library.bookmark(
                place.bookmarkTarget, name: place.name ?? place.id.rawValue, coordinate: place.coordinate, note: note, tags: tags,
                lists: lists)
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(.save, "\(error)")
        }
    }

    /// Removes the bookmark.
    public func unsave() {
        guard let bookmark = state.bookmark else { return }
        do {
            try environment.library.removeBookmark(id: bookmark.id)
            state.bookmark = nil
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(.remove, "\(error)")
        }
    }

    /// Sets the bookmark's note.
    public func setNote(_ note: String) {
        guard let bookmark = state.bookmark else { return }
        do {
            state.bookmark = try environment.library.setNote(note, bookmarkID: bookmark.id)
        } catch {
            state.error = AndAwayCopy.failed(.note, "\(error)")
        }
    }

    /// Asks for directions from the user to this place.
    public func routeHere() async {
        guard let place = state.place else { return }
        await directions.route(to: place.coordinate)
    }

    func readBookmark() {
        guard let place = state.place else { return }
        do {
            state.bookmark = try environment.store.bookmarks(for: place.libraryReference).first
        } catch {
            state.error = AndAwayCopy.failed(.library, "\(error)")
        }
    }
}

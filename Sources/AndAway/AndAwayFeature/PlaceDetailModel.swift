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
    /// The user's bookmark of it, when saved.
    public var bookmark: Bookmark?
    /// Whether it is saved.
    public var isSaved: Bool { bookmark != nil }
    /// The last error, in one line.
    public var error: String?
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
            state.error = "details: \(error)"
        }
        state.isOpen = state.place?.openingHours?.isOpen(at: environment.now(), in: environment.timeZone)
        readBookmark()
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
            state.error = "save: \(error)"
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
            state.error = "remove: \(error)"
        }
    }

    /// Sets the bookmark's note.
    public func setNote(_ note: String) {
        guard let bookmark = state.bookmark else { return }
        do {
            state.bookmark = try environment.library.setNote(note, bookmarkID: bookmark.id)
        } catch {
            state.error = "note: \(error)"
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
            state.error = "library: \(error)"
        }
    }
}

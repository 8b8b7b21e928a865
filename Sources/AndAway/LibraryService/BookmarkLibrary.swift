import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import PlaceKit

/// And Away's library as its screens and `loci bookmarks` / `loci lists` use it: bookmark a
/// place, filter, edit notes and tags, and manage lists, over one ``LibraryStore/LibraryStore``.
///
/// Lists are named by name (case-insensitive) or id. Every write is one store transaction that
/// obeys ``LibraryKit/LibraryRules``. The clock and the id generator come in from the caller.
public struct BookmarkLibrary: Sendable {
    /// The store written to.
    public let store: LibraryStore
    private let places: @Sendable () throws -> any PlaceDetailsService
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String

    /// Creates the library over `store`.
    ///
    /// - Parameters:
    ///   - places: opens the place details used by ``BookmarkTarget/stored(_:)``; called only
    ///     for such a bookmark. What it throws becomes ``LibraryServiceError/placeLookup(_:)``.
    ///   - now: the clock for creation and position times.
    ///   - makeID: new bookmark and list ids.
    public init(
        store: LibraryStore, places: @escaping @Sendable () throws -> any PlaceDetailsService,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.store = store
        self.places = places
        self.now = now
        self.makeID = makeID
    }

    /// Opens (creating its folder and file) the library at `path`. A new file becomes a new
    /// replica named by `newReplicaID`; an existing one keeps the id it was made with.
    public static func openStore(path: String, newReplicaID: () -> String) throws(LibraryServiceError) -> LibraryStore {
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let replica = LibraryStore.storedReplicaID(path: path) ?? newReplicaID()
        do { return try LibraryStore(path: path, replicaID: replica) } catch { throw .library(error) }
    }

    /// Saves a new bookmark and returns it.
    ///
    /// A stored place gives the title (when `name` is nil) and the position (when `coordinate` is
    /// nil); a pin's id is `pin:LAT,LON` to six decimals. `lists` are names or ids.
    /// - Throws: ``LibraryServiceError`` (`noPlace`, `needsTitle`, `noList`, or the store's rule).
    public func bookmark(
        _ target: BookmarkTarget, name: String?, coordinate: Coordinate?, note: String = "",
        tags: [String] = [], lists: [String] = []
    ) async throws(LibraryServiceError) -> Bookmark {
        let created = now()
        var coordinate = coordinate
        var title = name
        let reference: PlaceReference
        switch target {
        case .stored(let id):
            let stored: Place?
            do { stored = try await places().placeDetails(id: id) } catch { throw .placeLookup("\(error)") }
            guard let stored else { throw .noPlace(id) }
            reference = PlaceReference(provider: .local, id: id.rawValue)
            coordinate = coordinate ?? stored.coordinate
            title = title ?? stored.name ?? id.rawValue
        case .google(let id):
            reference = PlaceReference(provider: .google, id: id)
        case .pin(let position):
            coordinate = coordinate ?? position
            reference = PlaceReference(
                provider: .custom, id: String(format: "pin:%.6f,%.6f", position.latitude, position.longitude))
        }
        guard let title else { throw .needsTitle }
        var listIDs: [String] = []
        for list in lists { listIDs.append(try self.list(named: list).id) }
        let bookmark = Bookmark(
            id: makeID(), place: reference, name: title, coordinate: coordinate,
            coordinateSavedAt: coordinate == nil ? nil : created, note: note, tags: tags, lists: listIDs,
            created: created)
        try guarded { () throws(LibraryError) in try store.add(bookmark) }
        return bookmark
    }

    /// Bookmarks: all, one list's, one tag's, or those in a list with a tag.
    public func bookmarks(list: String? = nil, tag: String? = nil) throws(LibraryServiceError) -> [Bookmark] {
        if let list {
            let found = try self.list(named: list)
            let inList = try guarded { () throws(LibraryError) in try store.bookmarks(inList: found.id) }
            return tag.map { tag in inList.filter { $0.tags.contains(tag) } } ?? inList
        }
        if let tag { return try guarded { () throws(LibraryError) in try store.bookmarks(taggedWith: tag) } }
        return try guarded { () throws(LibraryError) in try store.bookmarks() }
    }

    /// Sets (or, with "", clears) a bookmark's note; returns the bookmark as saved.
    public func setNote(_ note: String, bookmarkID: String) throws(LibraryServiceError) -> Bookmark {
        try guarded { () throws(LibraryError) in try store.updateBookmark(id: bookmarkID) { $0.note = note } }
    }

    /// Removes the tags in `removing`, then appends those in `adding`; returns the bookmark as saved.
    public func retag(bookmarkID: String, adding: [String], removing: [String]) throws(LibraryServiceError)
        -> Bookmark
    {
        try guarded { () throws(LibraryError) in
            try store.updateBookmark(id: bookmarkID) { b in b.tags = b.tags.filter { !removing.contains($0) } + adding }
        }
    }

    /// Deletes a bookmark.
    /// - Throws: ``LibraryServiceError/noBookmark(_:)`` when there is none with this id.
    public func removeBookmark(id: String) throws(LibraryServiceError) {
        guard try guarded({ () throws(LibraryError) in try store.removeBookmark(id: id) }) else {
            throw .noBookmark(id)
        }
    }

    /// The list with this name (case-insensitive) or id.
    public func list(named name: String) throws(LibraryServiceError) -> BookmarkList {
        guard let list = try guarded({ () throws(LibraryError) in try store.list(named: name) }) else {
            throw .noList(name)
        }
        return list
    }

    /// Every list, by name.
    public func lists() throws(LibraryServiceError) -> [BookmarkList] {
        try guarded { () throws(LibraryError) in try store.lists() }
    }

    /// Every list with how many bookmarks it holds.
    public func listSummaries() throws(LibraryServiceError) -> [ListSummary] {
        var summaries: [ListSummary] = []
        for list in try lists() {
            let count = try guarded { () throws(LibraryError) in try store.bookmarks(inList: list.id) }.count
            summaries.append(ListSummary(list: list, bookmarks: count))
        }
        return summaries
    }

    /// Makes a list and returns it.
    public func createList(named name: String) throws(LibraryServiceError) -> BookmarkList {
        let list = BookmarkList(id: makeID(), name: name, created: now())
        try guarded { () throws(LibraryError) in try store.createList(list) }
        return list
    }

    /// Renames a list; returns it as it was before.
    @discardableResult
    public func renameList(_ name: String, to newName: String) throws(LibraryServiceError) -> BookmarkList {
        let list = try self.list(named: name)
        try guarded { () throws(LibraryError) in try store.renameList(id: list.id, to: newName) }
        return list
    }

    /// Deletes a list (its bookmarks stay); returns it.
    @discardableResult
    public func deleteList(_ name: String) throws(LibraryServiceError) -> BookmarkList {
        let list = try self.list(named: name)
        _ = try guarded { () throws(LibraryError) in try store.deleteList(id: list.id) }
        return list
    }

    /// Puts a bookmark in a list; returns the list and the bookmark as saved.
    public func add(bookmarkID: String, toList name: String) throws(LibraryServiceError) -> (
        list: BookmarkList, bookmark: Bookmark
    ) {
        let list = try self.list(named: name)
        let saved = try guarded { () throws(LibraryError) in
            try store.updateBookmark(id: bookmarkID) { $0.lists.append(list.id) }
        }
        return (list, saved)
    }

    /// Takes a bookmark out of a list; returns the list and the bookmark as saved.
    public func remove(bookmarkID: String, fromList name: String) throws(LibraryServiceError) -> (
        list: BookmarkList, bookmark: Bookmark
    ) {
        let list = try self.list(named: name)
        let saved = try guarded { () throws(LibraryError) in
            try store.updateBookmark(id: bookmarkID) { $0.lists.removeAll { $0 == list.id } }
        }
        return (list, saved)
    }

    /// The whole library, or only what one list (name or id) needs, for export.
    public func library(list: String?) throws(LibraryServiceError) -> Library {
        let whole = try guarded { () throws(LibraryError) in try store.library() }
        guard let list else { return whole }
        return whole.restricted(toList: try self.list(named: list).id)
    }

    private func guarded<T>(_ body: () throws(LibraryError) -> T) throws(LibraryServiceError) -> T {
        do { return try body() } catch { throw .library(error) }
    }
}

/// A list and how many bookmarks it holds.
public struct ListSummary: Sendable, Equatable {
    /// The list.
    public let list: BookmarkList
    /// Its bookmark count.
    public let bookmarks: Int

    /// Creates a summary from its parts.
    public init(list: BookmarkList, bookmarks: Int) {
        self.list = list
        self.bookmarks = bookmarks
    }
}

import Foundation
import GeoKit

/// A saved place with the user's note, tags and the lists it belongs to (seed §4).
///
/// `name` is the title the user sees and may edit. For Google places only the place id is kept
/// for good; `coordinate` is kept with `coordinateSavedAt` and dropped after
/// ``LibraryRules/googleCoordinateLifetime`` (see ``Library/removingExpiredCoordinates(now:)``).
public struct Bookmark: Sendable, Hashable, Codable {
    /// Unique id of the bookmark (letters, digits, `-`, `_`, `.`, `:`; at most 128).
    public var id: String
    /// The bookmarked place.
    public var place: PlaceReference
    /// Title shown for the bookmark.
    public var name: String
    /// Where the place is, when known (kept to 7 decimal places, about 1 cm).
    public var coordinate: Coordinate?
    /// When `coordinate` was saved; required for Google places that keep a coordinate.
    public var coordinateSavedAt: Date?
    /// The user's note (may span lines).
    public var note: String
    /// Tags, unique, sorted.
    public var tags: [String]
    /// Ids of the lists the bookmark is in, unique, sorted.
    public var lists: [String]
    /// When the bookmark was made.
    public var created: Date

    /// A bookmark; call ``normalized()`` (the store and importers do) before comparing.
    public init(
        id: String, place: PlaceReference, name: String, coordinate: Coordinate? = nil,
        coordinateSavedAt: Date? = nil,
        note: String = "", tags: [String] = [], lists: [String] = [], created: Date
    ) {
        self.id = id
        self.place = place
        self.name = name
        self.coordinate = coordinate
        self.coordinateSavedAt = coordinateSavedAt
        self.note = note
        self.tags = tags
        self.lists = lists
        self.created = created
    }

    /// The canonical form every store and exchange format round-trips exactly: line ends as
    /// `\n`, names and tags trimmed, tags and lists unique and sorted, times to the millisecond,
    /// coordinates to 7 decimal places, no saved time without a coordinate.
    public func normalized() -> Bookmark {
        var copy = self
        copy.name = LibraryRules.trimmed(LibraryRules.normalizedLineEnds(name))
        copy.note = LibraryRules.normalizedLineEnds(note)
        // Already canonical (what every store read and export holds) is the common case.
        if !LibraryRules.isStrictlySorted(tags) || tags.contains(where: { LibraryRules.trimmed($0) != $0 }) {
            copy.tags = Array(Set(tags.map(LibraryRules.trimmed))).sorted()
        }
        if !LibraryRules.isStrictlySorted(lists) { copy.lists = Array(Set(lists)).sorted() }
        copy.created = LibraryTime.rounded(created)
        copy.coordinateSavedAt = coordinate == nil ? nil : coordinateSavedAt.map(LibraryTime.rounded)
        copy.coordinate = coordinate.map(LibraryRules.rounded)
        return copy
    }
}

/// A user-made list of bookmarks ("Weekend Spots").
public struct BookmarkList: Sendable, Hashable, Codable {
    /// Unique id (same alphabet as bookmark ids).
    public var id: String
    /// Name shown; unique among lists when made locally (case-insensitive).
    public var name: String
    /// When the list was made.
    public var created: Date

    /// A list.
    public init(id: String, name: String, created: Date) {
        self.id = id
        self.name = name
        self.created = created
    }

    /// Name trimmed, time to the millisecond.
    public func normalized() -> BookmarkList {
        BookmarkList(
            id: id, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
            created: LibraryTime.rounded(created))
    }
}

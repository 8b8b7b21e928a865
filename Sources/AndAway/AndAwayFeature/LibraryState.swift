import LibraryKit
import LibraryService
import LibraryStore

/// What the library screen shows.
public struct LibraryState: Sendable, Equatable {
    /// The bookmarks shown (all, or the filter's), by name.
    public var bookmarks: [Bookmark] = []
    /// Every list with its bookmark count.
    public var lists: [ListSummary] = []
    /// Every tag in use, sorted.
    public var tags: [String] = []
    /// The list filter (its id), if any.
    public var listFilter: String?
    /// The tag filter, if any.
    public var tagFilter: String?
    /// The latest searches, newest first.
    public var history: [SearchHistoryEntry] = []
    /// What the last import did.
    public var lastImport: ImportSummary?
    /// The shown bookmarks that have a position, in their list's colour, for the map.
    public var pins: [SavedPin] = []
    /// The last error, in one line.
    public var error: String?
}

/// A file to hand to the share sheet.
public struct ExportFile: Sendable, Equatable {
    /// Its name, with the format's extension ("And Away.kml").
    public var fileName: String
    /// Its bytes.
    public var bytes: [UInt8]
    /// Its MIME type.
    public var mimeType: String
}

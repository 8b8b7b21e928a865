import ArgumentParser
import Foundation
import GeoKit
import LibraryKit
import LibraryService
import LibraryStore
import PlaceKit
import PlaceStore

/// Where And Away's library lives: `--library-db PATH`, else library.sqlite in the data directory.
struct LibraryDatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("library-db"),
        help: "The library database (default: library.sqlite in the data directory).")
    var path: String?

    var resolved: String { path ?? LociPaths.dataDirectory.appendingPathComponent("library.sqlite").path }

    /// Opens the store (a new file is a new replica, `cli-` and eight hex digits).
    /// Refuses a `--library-db` that is a folder or cannot be created.
    func validate() throws {
        if let path { try FileArgument.database(path, option: "--library-db") }
    }

    func open() throws -> LibraryStore {
        do {
            return try BookmarkLibrary.openStore(path: resolved) { "cli-" + UUID().uuidString.lowercased().prefix(8) }
        } catch {
            throw InputError(error.description)
        }
    }

    /// The library's use cases over the opened store; `places` is opened only for a place-store bookmark.
    func library(places: PlaceDatabaseOption? = nil) throws -> BookmarkLibrary {
        let store = try open()
        return BookmarkLibrary(store: store) {
            guard let places else { throw InputError("no place database given") }
            return LocalPlacesProvider(store: try places.open())
        }
    }
}

/// `loci bookmarks …`: And Away's saved places with notes, tags and lists.
struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "Save places with notes, tags and lists (And Away).",
        subcommands: [
            BookmarksAddCommand.self, BookmarksListCommand.self, BookmarksNoteCommand.self,
            BookmarksTagCommand.self,
            BookmarksRemoveCommand.self,
        ])
}

struct BookmarksAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract:
            "Bookmark a place: a place-store id (--place), a Google place id (--google), or a name and position."
    )
    @Option(help: "A place-store id (osm:node/123) read from --db.") var place: String?
    @Option(help: "A Google place id (only the id is kept for good; a position at most 30 days).") var google:
        String?
    @Option(help: "Title (default: the place's name from the store).") var name: String?
    @Option(parsing: .unconditional, help: "Position LAT,LON.") var at: String?
    @Option(help: "A note.") var note = ""
    @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []
    @Option(name: .customLong("list"), help: "A list's name or id (repeatable).") var lists: [String] = []
    @OptionGroup var places: PlaceDatabaseOption
    @OptionGroup var database: LibraryDatabaseOption

    func run() async throws {
        let library = try database.library(places: places)
        let coordinate = try at.map { try parseCoordinate($0, argument: "--at") }
        let target: BookmarkTarget
        if let place {
            guard let id = PlaceID(rawValue: place) else {
                throw InputError("--place: '\(place)' is not a place id such as osm:node/123")
            }
            target = .stored(id)
        } else if let google {
            target = .google(google)
        } else {
            guard let coordinate else {
                throw InputError("give --place ID, --google ID, or --name NAME and --at LAT,LON")
            }
            target = .pin(coordinate)
        }
        let bookmark = try await saving {
            () async throws(LibraryServiceError) in
            try await library.bookmark(target, name: name, coordinate: coordinate, note: note, tags: tags, lists: lists)
        }
        print("Saved \(bookmark.name) as \(bookmark.id).")
    }

    /// This command's wording of a refusal: the flags named, the place store's path given.
    private func saving<T>(_ body: () async throws(LibraryServiceError) -> T) async throws -> T {
        do { return try await body() } catch {
            switch error {
            case .noPlace(let id): throw InputError("--place: no place \(id.rawValue) in \(places.resolved)")
            case .needsTitle: throw InputError("--name: a title is needed for this place")
            default: throw InputError(libraryMessage(error))
            }
        }
    }
}

struct BookmarksListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List bookmarks (all, one list's, or one tag's).")
    @Option(help: "Only this list (name or id).") var list: String?
    @Option(help: "Only bookmarks with this tag.") var tag: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let bookmarks = try libraryAction { () throws(LibraryServiceError) in try library.bookmarks(list: list, tag: tag) }
        if json {
            print(try CLIJSON.pretty(bookmarks))
            return
        }
        if bookmarks.isEmpty { print("No bookmarks yet: loci bookmarks add --name NAME --at LAT,LON") }
        let lists = try libraryAction { () throws(LibraryServiceError) in try library.lists() }
        let names = Dictionary(uniqueKeysWithValues: lists.map { ($0.id, $0.name) })
        for b in bookmarks {
            let position =
                b.coordinate.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "no position"
            var line = "\(b.id)  \(b.name)  \(position)  \(b.place.provider.rawValue):\(b.place.id)"
            if !b.tags.isEmpty { line += "  #" + b.tags.joined(separator: " #") }
            if !b.lists.isEmpty {
                line += "  [" + b.lists.map { names[$0] ?? $0 }.joined(separator: ", ") + "]"
            }
            print(line)
            if !b.note.isEmpty { print("    " + b.note.replacingOccurrences(of: "\n", with: "\n    ")) }
        }
    }
}

struct BookmarksNoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Set (or with \"\" clear) a bookmark's note.")
    @Argument(help: "The bookmark's id.") var id: String
    @Argument(help: "The note.") var text: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let saved = try libraryAction { () throws(LibraryServiceError) in try library.setNote(text, bookmarkID: id) }
        print("Note on \(saved.name) \(saved.note.isEmpty ? "cleared" : "saved").")
    }
}

struct BookmarksTagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add or remove a bookmark's tags.")
    @Argument(help: "The bookmark's id.") var id: String
    @Option(help: "A tag to add (repeatable).") var add: [String] = []
    @Option(help: "A tag to remove (repeatable).") var remove: [String] = []
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        guard !add.isEmpty || !remove.isEmpty else { throw InputError("give --add TAG or --remove TAG") }
        let library = try database.library()
        let saved = try libraryAction { () throws(LibraryServiceError) in
            try library.retag(bookmarkID: id, adding: add, removing: remove)
        }
        print("\(saved.name): \(saved.tags.isEmpty ? "no tags" : "#" + saved.tags.joined(separator: " #"))")
    }
}

struct BookmarksRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a bookmark.")
    @Argument(help: "The bookmark's id.") var id: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        try libraryAction { () throws(LibraryServiceError) in try library.removeBookmark(id: id) }
        print("Removed \(id).")
    }
}

/// A library refusal as the commands word it (`see loci … list` hints).
func libraryMessage(_ error: LibraryServiceError) -> String {
    switch error {
    case .noList(let name): "no list called '\(name)' (see loci lists list)"
    case .noBookmark(let id): "no bookmark '\(id)' (see loci bookmarks list)"
    default: error.description
    }
}

/// Runs a library action, turning its refusal into one input-error line.
func libraryAction<T>(_ body: () throws(LibraryServiceError) -> T) throws -> T {
    do { return try body() } catch { throw InputError(libraryMessage(error)) }
}

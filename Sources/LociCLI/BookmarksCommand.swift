import ArgumentParser
import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import PlaceKit
import PlaceStore

/// Where And Away's library lives: `--library-db PATH`, else library.sqlite in the data directory.
struct LibraryDatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("library-db"),
        help: "The library database (default: library.sqlite in the data directory).")
    var path: String?

    func open() throws -> LibraryStore {
        let resolved = path ?? LociPaths.dataDirectory.appendingPathComponent("library.sqlite").path
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: resolved).deletingLastPathComponent(), withIntermediateDirectories: true)
        // A new library is a new replica; an existing one keeps the id it was made with.
        let replica =
            LibraryStore.storedReplicaID(path: resolved) ?? "cli-" + UUID().uuidString.lowercased().prefix(8)
        do { return try LibraryStore(path: resolved, replicaID: replica) } catch {
            throw InputError("\(error)")
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

struct BookmarksAddCommand: ParsableCommand {
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

    func run() throws {
        let store = try database.open()
        let now = Date()
        var coordinate = try at.map { try parseCoordinate($0, argument: "--at") }
        var title = name
        let reference: PlaceReference
        if let place {
            guard let id = PlaceID(rawValue: place) else {
                throw InputError("--place: '\(place)' is not a place id such as osm:node/123")
            }
            guard let stored = try places.open().place(id: id) else {
                throw InputError("--place: no place \(place) in \(places.resolved)")
            }
            reference = PlaceReference(provider: .local, id: place)
            coordinate = coordinate ?? stored.coordinate
            title = title ?? stored.name ?? place
        } else if let google {
            reference = PlaceReference(provider: .google, id: google)
        } else {
            guard let coordinate else {
                throw InputError("give --place ID, --google ID, or --name NAME and --at LAT,LON")
            }
            reference = PlaceReference(
                provider: .custom,
                id: String(format: "pin:%.6f,%.6f", coordinate.latitude, coordinate.longitude))
        }
        guard let title else { throw InputError("--name: a title is needed for this place") }
        let listIDs = try lists.map { try findList($0, store).id }
        let bookmark = Bookmark(
            id: UUID().uuidString.lowercased(), place: reference, name: title, coordinate: coordinate,
            coordinateSavedAt: coordinate == nil ? nil : now, note: note, tags: tags, lists: listIDs,
            created: now)
        try wrap { try store.add(bookmark) }
        print("Saved \(bookmark.name) as \(bookmark.id).")
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
        let store = try database.open()
        var bookmarks: [Bookmark]
        if let list {
            let found = try findList(list, store)
            bookmarks = try wrap { try store.bookmarks(inList: found.id) }
        } else if let tag {
            bookmarks = try wrap { try store.bookmarks(taggedWith: tag) }
        } else {
            bookmarks = try wrap { try store.bookmarks() }
        }
        if let tag, list != nil { bookmarks = bookmarks.filter { $0.tags.contains(tag) } }
        if json {
            print(try OutputFormat.json(bookmarks))
            return
        }
        if bookmarks.isEmpty { print("No bookmarks yet: loci bookmarks add --name NAME --at LAT,LON") }
        let names = Dictionary(uniqueKeysWithValues: try wrap { try store.lists() }.map { ($0.id, $0.name) })
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
        let store = try database.open()
        let saved = try wrap { try store.updateBookmark(id: id) { $0.note = text } }
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
        let store = try database.open()
        let saved = try wrap {
            try store.updateBookmark(id: id) { b in b.tags = b.tags.filter { !remove.contains($0) } + add }
        }
        print("\(saved.name): \(saved.tags.isEmpty ? "no tags" : "#" + saved.tags.joined(separator: " #"))")
    }
}

struct BookmarksRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a bookmark.")
    @Argument(help: "The bookmark's id.") var id: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let store = try database.open()
        guard try wrap({ try store.removeBookmark(id: id) }) else {
            throw InputError("no bookmark '\(id)' (see loci bookmarks list)")
        }
        print("Removed \(id).")
    }
}

func findList(_ name: String, _ store: LibraryStore) throws -> BookmarkList {
    guard let list = try wrap({ try store.list(named: name) }) else {
        throw InputError("no list called '\(name)' (see loci lists list)")
    }
    return list
}

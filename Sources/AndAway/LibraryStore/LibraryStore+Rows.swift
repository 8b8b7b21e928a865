import Foundation
import GRDB
import GeoKit
import LibraryKit

/// Rows ⇄ records, the clock and the change sequence.
extension LibraryStore {
    /// The next stamp of this replica: the Lamport clock plus one.
    func tick(_ db: Database) throws -> Stamp {
        let counter =
            (try Int64.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'clock'"))
                ?? 0) + 1
        try db.exec(sql: "UPDATE meta SET value = ? WHERE key = 'clock'", arguments: [counter])
        return Stamp(counter: UInt64(counter), replica: replicaID)
    }

    /// Moves the clock past `counter` (a received stamp).
    func observe(_ db: Database, counter: UInt64) throws {
        try db.exec(
            sql: "UPDATE meta SET value = max(value, ?) WHERE key = 'clock'",
            arguments: [Int64(clamping: counter)])
    }

    /// The next change sequence number (every row written gets one; ``changes(since:)`` reads them).
    func nextSequence(_ db: Database) throws -> Int64 {
        let sequence =
            (try Int64.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'sequence'"))
                ?? 0) + 1
        try db.exec(sql: "UPDATE meta SET value = ? WHERE key = 'sequence'", arguments: [sequence])
        return sequence
    }

    /// Reserves `count` change sequence numbers at once (an import) and returns the first.
    func reserveSequences(_ db: Database, count: Int) throws -> Int64 {
        let first =
            (try Int64.fetchOne(try db.cachedStatement(sql: "SELECT value FROM meta WHERE key = 'sequence'"))
                ?? 0) + 1
        try db.exec(
            sql: "UPDATE meta SET value = ? WHERE key = 'sequence'", arguments: [first + Int64(count) - 1])
        return first
    }

    static func isDeleted(_ db: Database, _ kind: RecordKind, _ id: String) throws -> Bool {
        try Bool.fetchOne(
            try db.cachedStatement(sql: "SELECT 1 FROM tombstone WHERE kind = ? AND id = ?"),
            arguments: [kind.rawValue, id]) == true
    }

    /// Writes a bookmark record (insert or replace) with its tag and list index rows.
    func save(_ db: Database, _ record: BookmarkRecord, sequence: Int64? = nil) throws {
        let b = record.bookmark
        let s = record.stamps
        let stamps = "\(s.name) \(s.position) \(s.note) \(s.tags) \(s.lists)"
        try db.exec(
            sql: """
                INSERT OR REPLACE INTO bookmark
                (id, provider, place_id, name, lat, lon, coordinate_saved_at, note, tags, lists, created, stamps, sequence)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                b.id, b.place.provider.rawValue, b.place.id, b.name, b.coordinate?.latitude,
                b.coordinate?.longitude,
                b.coordinateSavedAt.map(LibraryTime.milliseconds), b.note, b.tags.joined(separator: "\u{1F}"),
                b.lists.joined(separator: "\u{1F}"), LibraryTime.milliseconds(b.created), stamps,
                try sequence ?? nextSequence(db),
            ])
        // INSERT OR REPLACE deletes the old row first, and the cascade takes its index rows with it.
        for tag in b.tags {
            try db.exec(
                sql: "INSERT OR IGNORE INTO bookmark_tag (tag, bookmark_id) VALUES (?, ?)",
                arguments: [tag, b.id])
        }
        for list in b.lists {
            try db.exec(
                sql: "INSERT OR IGNORE INTO bookmark_list (list_id, bookmark_id) VALUES (?, ?)",
                arguments: [list, b.id])
        }
    }

    func save(_ db: Database, _ record: ListRecord, sequence: Int64? = nil) throws {
        try db.exec(
            sql: "INSERT OR REPLACE INTO list (id, name, created, stamp, sequence) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                record.list.id, record.list.name, LibraryTime.milliseconds(record.list.created),
                record.stamp.description,
                try sequence ?? nextSequence(db),
            ])
    }

    func save(_ db: Database, _ entry: SearchHistoryEntry, sequence: Int64? = nil) throws {
        try db.exec(
            sql:
                "INSERT OR REPLACE INTO search_history (id, query, kind, at, sequence) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                entry.id, entry.query, entry.kind.rawValue, LibraryTime.milliseconds(entry.at),
                try sequence ?? nextSequence(db),
            ])
    }

    func save(_ db: Database, _ record: PreferencesRecord) throws {
        let json = String(decoding: try JSONEncoder().encode(record.preferences), as: UTF8.self)
        try db.exec(
            sql: "INSERT OR REPLACE INTO preferences (id, json, stamp, sequence) VALUES (1, ?, ?, ?)",
            arguments: [json, record.stamp.description, try nextSequence(db)])
    }

    func bury(_ db: Database, _ tombstone: Tombstone) throws {
        try db.exec(
            sql: "INSERT OR REPLACE INTO tombstone (kind, id, stamp, sequence) VALUES (?, ?, ?, ?)",
            arguments: [
                tombstone.kind.rawValue, tombstone.id, tombstone.stamp.description, try nextSequence(db),
            ])
        switch tombstone.kind {
        case .bookmark: try db.exec(sql: "DELETE FROM bookmark WHERE id = ?", arguments: [tombstone.id])
        case .list: try db.exec(sql: "DELETE FROM list WHERE id = ?", arguments: [tombstone.id])
        case .search: try db.exec(sql: "DELETE FROM search_history WHERE id = ?", arguments: [tombstone.id])
        }
    }

    static func record(_ db: Database, id: String) throws -> BookmarkRecord? {
        try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM bookmark WHERE id = ?"), arguments: [id])
            .map(record)
    }

    static func record(_ row: Row) throws -> BookmarkRecord {
        let bookmark = try bookmark(row)
        let stampText: String = row[11]
        let stamps = Self.fields(stampText, 0x20).compactMap { Stamp(Substring($0)) }
        guard stamps.count == 5 else {
            throw LibraryError("damaged sync stamps '\(stampText)'", at: "bookmark '\(bookmark.id)'")
        }
        var recordStamps = BookmarkRecord.Stamps(all: stamps[0])
        recordStamps.position = stamps[1]
        recordStamps.note = stamps[2]
        recordStamps.tags = stamps[3]
        recordStamps.lists = stamps[4]
        return BookmarkRecord(bookmark: bookmark, stamps: recordStamps)
    }

    /// The bookmark of a `bookmark.*` row without its sync stamps (reads do not need them; parsing
    /// five stamps per row was a third of a large read's time).
    static func bookmark(_ row: Row) throws -> Bookmark {
        // Columns by position (the table's order; every read selects `bookmark.*`): a name lookup per
        // column per row is most of a large read's time.
        let id: String = row[0]
        let providerText: String = row[1]
        guard let provider = PlaceProvider(rawValue: providerText) else {
            throw LibraryError("unknown provider '\(providerText)'", at: "bookmark '\(id)'")
        }
        var coordinate: Coordinate?
        if let lat: Double = row[4], let lon: Double = row[5] {
            coordinate = try? Coordinate(latitude: lat, longitude: lon)
        }
        let tags: String = row[8]
        let lists: String = row[9]
        let saved: Int64? = row[6]
        return Bookmark(
            id: id, place: PlaceReference(provider: provider, id: row[2]), name: row[3],
            coordinate: coordinate,
            coordinateSavedAt: saved.map { LibraryTime.date(milliseconds: $0) }, note: row[7],
            tags: tags.isEmpty ? [] : Self.fields(tags, 0x1F),
            lists: lists.isEmpty ? [] : Self.fields(lists, 0x1F),
            created: LibraryTime.date(milliseconds: row[10]))
    }

    /// `text` cut at every `separator` byte (an ASCII byte, so no character is cut); empty fields
    /// are kept. One pass over the bytes (`split` made an array of slices first).
    static func fields(_ text: String, _ separator: UInt8) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            var start = 0
            for index in 0..<bytes.count where bytes[index] == separator {
                result.append(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return result
        }
    }

    static func listRecord(_ row: Row) throws -> ListRecord {
        let stampText: String = row["stamp"]
        guard let stamp = Stamp(Substring(stampText)) else {
            throw LibraryError("damaged sync stamp", at: "list '\(row["id"] as String)'")
        }
        return ListRecord(
            list: BookmarkList(
                id: row["id"], name: row["name"], created: LibraryTime.date(milliseconds: row["created"])),
            stamp: stamp)
    }

    static func entry(_ row: Row) throws -> SearchHistoryEntry {
        let kindText: String = row["kind"]
        guard let kind = QueryKind(rawValue: kindText) else {
            throw LibraryError("unknown kind '\(kindText)'", at: "search '\(row["id"] as String)'")
        }
        return SearchHistoryEntry(
            id: row["id"], query: row["query"], kind: kind, at: LibraryTime.date(milliseconds: row["at"]))
    }

    static func preferencesRecord(_ db: Database) throws -> PreferencesRecord? {
        guard
            let row = try Row.fetchOne(try db.cachedStatement(sql: "SELECT * FROM preferences WHERE id = 1"))
        else { return nil }
        let json: String = row["json"]
        let stampText: String = row["stamp"]
        guard let stamp = Stamp(Substring(stampText)) else {
            throw LibraryError("damaged sync stamp", at: "preferences")
        }
        return PreferencesRecord(
            preferences: try JSONDecoder().decode(Preferences.self, from: Data(json.utf8)), stamp: stamp)
    }

    /// The ids of the lists that exist (bookmarks may still name deleted ones; reads leave those out).
    static func liveListIDs(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(try db.cachedStatement(sql: "SELECT id FROM list")))
    }

    /// Which of `ids` are lists that exist (one cached query, only when some bookmark names a list;
    /// the ids go in as one JSON array, so the statement does not change with their number).
    static func liveListIDs(_ db: Database, among ids: Set<String>) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try String.fetchAll(
                try db.cachedStatement(
                    sql: "SELECT id FROM list WHERE id IN (SELECT value FROM json_each(?))"),
                arguments: [jsonArray(ids)]))
    }

    /// `strings` as a JSON array of strings (quotes, backslashes and control bytes escaped).
    static func jsonArray(_ strings: some Sequence<String>) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for string in strings {
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    json.append(UInt8(ascii: "\\"))
                    json.append(byte)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    json += Array("\\u00".utf8)
                    json.append(hex[Int(byte >> 4)])
                    json.append(hex[Int(byte & 0xF)])
                default: json.append(byte)
                }
            }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// The bookmarks a statement selects (`bookmark.*`), without their sync stamps, and the list ids
    /// they name; decoded straight from SQLite's row (a cursor: no copied rows in between).
    static func bookmarks(_ statement: Statement, _ arguments: StatementArguments = StatementArguments())
        throws -> (bookmarks: [Bookmark], lists: Set<String>)
    {
        var bookmarks: [Bookmark] = []
        var lists = Set<String>()
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try cursor.next() {
            let bookmark = try bookmark(row)
            for list in bookmark.lists { lists.insert(list) }
            bookmarks.append(bookmark)
        }
        return (bookmarks, lists)
    }

    /// Bookmarks a statement selects, with only the lists that still exist.
    static func visible(_ db: Database, _ statement: Statement, _ arguments: StatementArguments) throws
        -> [Bookmark]
    {
        var (bookmarks, named) = try bookmarks(statement, arguments)
        guard !named.isEmpty else { return bookmarks }
        let live = try liveListIDs(db, among: named)
        guard live.count < named.count else { return bookmarks }
        for index in bookmarks.indices where !bookmarks[index].lists.allSatisfy(live.contains) {
            bookmarks[index].lists = bookmarks[index].lists.filter(live.contains)
        }
        return bookmarks
    }

    static func visible(_ record: BookmarkRecord, lists: Set<String>) -> Bookmark {
        var bookmark = record.bookmark
        if !bookmark.lists.allSatisfy(lists.contains) {
            bookmark.lists = bookmark.lists.filter(lists.contains)
        }
        return bookmark
    }
}

extension Database {
    /// Runs one statement through the statement cache (writes repeat the same few statements).
    func exec(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}

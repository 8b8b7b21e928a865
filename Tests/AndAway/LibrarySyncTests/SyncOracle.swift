import Foundation
import GeoKit
import LibraryKit

/// What the merge rules say a fully synced library must hold, computed from the operation log
/// alone: per field the write with the highest stamp wins, every delete wins, a cleared search is
/// gone, a bookmark names only lists that still exist.
///
/// Stamps are the ones the writing replica gave each operation. The oracle does not trust them
/// blindly: ``lamportViolations`` checks that every operation's stamp is higher than the stamp of
/// every operation its replica had already received (Lamport's clock condition), so a replica whose
/// clock did not move past what it received is reported even when the replicas agree.
struct SyncOracle {
    enum Field: CaseIterable { case name, note, tags, lists, position }

    struct Write<Value> {
        var stamp: Stamp
        var value: Value
    }

    private(set) var added: [String: Bookmark] = [:]
    private(set) var fields: [String: [Field: Write<Bookmark>]] = [:]
    private(set) var deletedBookmarks: Set<String> = []
    private(set) var lists: [String: Write<BookmarkList>] = [:]
    private(set) var deletedLists: Set<String> = []
    private(set) var searches: [String: SearchHistoryEntry] = [:]
    private(set) var clearedSearches: Set<String> = []
    private(set) var preferences: Write<Preferences>?
    /// Each stamped operation: its replica, its stamp, and the stamped operations its replica knew.
    private var stampedOperations: [(replica: String, stamp: Stamp, knew: Set<Int>, index: Int)] = []
    private var stampOfOperation: [Int: Stamp] = [:]

    mutating func record(operation index: Int, replica: String, stamp: Stamp, knew: Set<Int>) {
        stampedOperations.append((replica, stamp, knew, index))
        stampOfOperation[index] = stamp
    }

    mutating func add(_ bookmark: Bookmark, stamp: Stamp) {
        let bookmark = bookmark.normalized()
        added[bookmark.id] = bookmark
        for field in Field.allCases { write(field, of: bookmark, stamp: stamp) }
    }

    mutating func write(_ field: Field, of bookmark: Bookmark, stamp: Stamp) {
        let bookmark = bookmark.normalized()
        let current = fields[bookmark.id]?[field]
        if current.map({ $0.stamp < stamp }) ?? true {
            fields[bookmark.id, default: [:]][field] = Write(stamp: stamp, value: bookmark)
        }
    }

    mutating func deletedBookmark(_ id: String) { deletedBookmarks.insert(id) }

    mutating func wroteList(_ written: BookmarkList, stamp: Stamp) {
        var list = written.normalized()
        if let current = lists[list.id], current.stamp >= stamp { return }
        if let created = lists[list.id]?.value.created { list.created = created }
        lists[list.id] = Write(stamp: stamp, value: list)
    }

    mutating func deletedList(_ id: String) { deletedLists.insert(id) }

    mutating func searched(_ entry: SearchHistoryEntry) { searches[entry.id] = entry.normalized() }

    mutating func cleared(_ ids: Set<String>) { clearedSearches.formUnion(ids) }

    mutating func setPreferences(_ value: Preferences, stamp: Stamp) {
        if let preferences, preferences.stamp >= stamp { return }
        preferences = Write(stamp: stamp, value: value)
    }

    /// The library every replica must hold once all changes have been exchanged.
    var expected: Library {
        let liveLists = Set(lists.keys).subtracting(deletedLists)
        var bookmarks: [Bookmark] = []
        for (id, base) in added where !deletedBookmarks.contains(id) {
            var bookmark = base
            let writes = fields[id] ?? [:]
            if let write = writes[.name] { bookmark.name = write.value.name }
            if let write = writes[.note] { bookmark.note = write.value.note }
            if let write = writes[.tags] { bookmark.tags = write.value.tags }
            if let write = writes[.lists] { bookmark.lists = write.value.lists }
            if let write = writes[.position] {
                bookmark.coordinate = write.value.coordinate
                bookmark.coordinateSavedAt = write.value.coordinateSavedAt
            }
            bookmark.lists = bookmark.lists.filter(liveLists.contains)
            bookmarks.append(bookmark)
        }
        return Library(
            bookmarks: bookmarks,
            lists: lists.values.map(\.value).filter { liveLists.contains($0.id) },
            history: searches.values.filter { !clearedSearches.contains($0.id) },
            preferences: preferences?.value ?? Preferences()
        ).normalized()
    }

    /// Operations whose stamp is not above every stamped operation their replica already knew.
    var lamportViolations: [String] {
        stampedOperations.flatMap { operation in
            operation.knew.compactMap { known -> String? in
                guard let earlier = stampOfOperation[known], earlier >= operation.stamp else { return nil }
                return "operation \(operation.index) on \(operation.replica) got stamp \(operation.stamp), "
                    + "not above \(earlier) of operation \(known), which it had received"
            }
        }
    }

    /// How `actual` differs from ``expected``, one line per difference (empty when equal).
    func differences(from actual: Library, replica: String) -> [String] {
        let expected = expected
        var found: [String] = []
        let want = Dictionary(uniqueKeysWithValues: expected.bookmarks.map { ($0.id, $0) })
        let have = Dictionary(uniqueKeysWithValues: actual.bookmarks.map { ($0.id, $0) })
        for id in Set(want.keys).union(have.keys).sorted() {
            switch (want[id], have[id]) {
            case (nil, _?) where deletedBookmarks.contains(id):
                found.append("\(replica): bookmark '\(id)' was deleted but is present")
            case (nil, _?): found.append("\(replica): bookmark '\(id)' was never made but is present")
            case (_?, nil): found.append("\(replica): bookmark '\(id)' is missing")
            case (let w?, let h?) where w != h:
                found.append("\(replica): bookmark '\(id)' is \(h), the merge rules say \(w)")
            default: break
            }
        }
        if expected.lists != actual.lists {
            found.append("\(replica): lists are \(actual.lists.map(\.name)), expected \(expected.lists.map(\.name))")
        }
        if expected.history != actual.history {
            found.append(
                "\(replica): history holds \(actual.history.count) searches, expected \(expected.history.count)")
        }
        if expected.preferences != actual.preferences {
            found.append("\(replica): preferences differ from the newest set")
        }
        return found
    }
}

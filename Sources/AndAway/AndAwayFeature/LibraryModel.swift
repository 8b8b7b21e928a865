import Foundation
import LibraryExchange
import LibraryKit
import LibraryService
import Observation
import PlaceKit

/// The library screen: bookmarks filtered by list and tag, notes and tags, lists, export and
/// import through the share sheet (``LibraryExchange`` formats), and the search history.
@MainActor @Observable
public final class LibraryModel {
    /// What the screen shows.
    public internal(set) var state = LibraryState()
    @ObservationIgnored let environment: AndAwayEnvironment

    /// A model over `environment`.
    public init(environment: AndAwayEnvironment) { self.environment = environment }

    var library: BookmarkLibrary { environment.library }

    /// Reads everything again (after a sync, an import, or coming back to the screen).
    public func load() {
        perform(.library) {
            state.lists = try library.listSummaries()
            let all = try library.bookmarks()
            state.tags = Array(Set(all.flatMap(\.tags))).sorted()
            state.bookmarks = try library.bookmarks(list: state.listFilter, tag: state.tagFilter)
            state.pins = ListColor.pins(state.bookmarks, lists: state.lists)
            state.history = try environment.store.history(limit: 50)
        }
    }

    /// Shows only one list's and/or one tag's bookmarks (nil clears that filter).
    public func filter(list: String?, tag: String?) {
        state.listFilter = list
        state.tagFilter = tag
        load()
    }

    /// The place a saved row opens on and the provider to ask (nil when no position is kept).
    public func placeToOpen(_ bookmark: Bookmark) -> (place: Place, provider: ProviderChoice)? {
        bookmark.placeToOpen(offering: environment.choices)
    }

    /// Sets a bookmark's note.
    public func setNote(_ note: String, bookmarkID: String) {
        perform(.note) { _ = try library.setNote(note, bookmarkID: bookmarkID) }
    }

    /// Adds and removes tags on a bookmark.
    public func retag(bookmarkID: String, adding: [String], removing: [String] = []) {
        perform(.tags) { _ = try library.retag(bookmarkID: bookmarkID, adding: adding, removing: removing) }
    }

    /// Deletes a bookmark.
    public func remove(bookmarkID: String) {
        perform(.remove) { try library.removeBookmark(id: bookmarkID) }
    }

    /// Makes a list.
    public func createList(named name: String) {
        perform(.newList) { _ = try library.createList(named: name) }
    }

    /// Renames a list.
    public func renameList(_ list: String, to name: String) {
        perform(.rename) { try library.renameList(list, to: name) }
    }

    /// Deletes a list (its bookmarks stay).
    public func deleteList(_ list: String) {
        perform(.deleteList) {
            let deleted = try library.deleteList(list)
            if state.listFilter == deleted.id { state.listFilter = nil }
        }
    }

    /// Puts a bookmark in a list, or takes it out.
    public func setMembership(bookmarkID: String, list: String, isMember: Bool) {
        perform(.list) {
            if isMember {
                _ = try library.add(bookmarkID: bookmarkID, toList: list)
            } else {
                _ = try library.remove(bookmarkID: bookmarkID, fromList: list)
            }
        }
    }

    /// The library (or one list) as a file for the share sheet.
    public func export(format: ExchangeFormat, list: String? = nil) -> ExportFile? {
        var file: ExportFile?
        perform(.export) {
            let bytes = LibraryExchange.export(try library.library(list: list), format: format)
            let name = try list.map { try library.list(named: $0).name } ?? "And Away"
            file = ExportFile(fileName: "\(name).\(format.rawValue)", bytes: bytes, mimeType: Self.mimeType(format))
        }
        return file
    }

    /// Imports a file's bytes, all or nothing; the format comes from its name (the screen goes
    /// through ``importFile(at:)``).
    package func importFile(named fileName: String, bytes: [UInt8]) {
        perform(.import) {
            guard let format = ExchangeFormat(fileName: fileName) else {
                throw LibraryError("not a .json, .csv, .kml or .gpx file", at: fileName)
            }
            let incoming: Library
            do throws(LibraryError) {
                incoming = try LibraryExchange.read(bytes, format: format, now: environment.now())
            } catch {
                throw error.within(fileName)
            }
            state.lastImport = try environment.store.importLibrary(incoming)
        }
    }

    /// Imports the file at `url` (one the document picker opened; the caller holds its security
    /// scope): a file that cannot be read is shown as the import's error, naming the file.
    public func importFile(at url: URL) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            state.error = AndAwayCopy.failed(.import, "\(url.lastPathComponent): \(error.localizedDescription)")
            return
        }
        importFile(named: url.lastPathComponent, bytes: bytes)
    }

    /// The document picker could not open a file (or the app may not read it): shown as the
    /// import's error.
    public func importPickerFailed(_ reason: String) {
        state.error = AndAwayCopy.failed(.import, reason)
    }

    /// Forgets every past search.
    public func clearHistory() {
        perform(.history) { _ = try environment.store.clearHistory() }
    }

    /// Runs `body`, then reloads; an error is shown in one line saying which `step` failed.
    func perform(_ step: AndAwayCopy.Step, _ body: () throws -> Void) {
        do {
            try body()
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(step, "\(error)")
            return
        }
        if step != .library { load() }
    }

    static func mimeType(_ format: ExchangeFormat) -> String {
        switch format {
        case .json: "application/json"
        case .csv: "text/csv"
        case .kml: "application/vnd.google-earth.kml+xml"
        case .gpx: "application/gpx+xml"
        }
    }
}

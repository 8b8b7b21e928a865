import ArgumentParser
import Foundation
import LibraryExchange
import LibraryKit
import LibraryService
import LibraryStore

extension ExchangeFormat: ExpressibleByArgument {}

/// `loci export`: the library (or one list) as JSON, CSV, KML or GPX.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the library, or one list, as JSON, CSV, KML 2.2 or GPX 1.1 (And Away).")
    @Option(help: "json, csv, kml or gpx (default: from the file name).") var format: ExchangeFormat?
    @Option(help: "Only this list (name or id).") var list: String?
    @Argument(help: "The file to write.") var file: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        guard let format = format ?? ExchangeFormat(fileName: file) else {
            throw InputError("--format: give json, csv, kml or gpx")
        }
        try FileArgument.writable(file, option: nil)
        let books = try database.library()
        let library = try libraryAction { () throws(LibraryServiceError) in try books.library(list: list) }
        try wrap { try LibraryExchange.export(library, format: format, to: file) }
        print(
            "Wrote \(library.bookmarks.count) bookmarks and \(library.lists.count) lists to \(file) (\(format.rawValue))."
        )
    }
}

/// `loci import-library`: bookmarks, lists, history and weights from an export (or a KML, GPX or
/// CSV of places from another tool), all or nothing.
struct ImportLibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-library",
        abstract:
            "Import an exported library (or places from another tool's KML, GPX or CSV), all or nothing (And Away)."
    )
    @Option(help: "json, csv, kml or gpx (default: from the file name).") var format: ExchangeFormat?
    @Argument(help: "The file to read.") var file: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        try FileArgument.readable(file, option: nil, expected: "a library export (json, csv, kml or gpx)")
        let library = try wrap { try LibraryExchange.read(path: file, format: format, now: Date()) }
        let store = try database.open()
        let summary = try wrap { try store.importLibrary(library) }
        print(
            "Imported \(file): \(summary.added) added, \(summary.updated) replaced"
                + (summary.skippedDeleted > 0
                    ? ", \(summary.skippedDeleted) skipped (deleted here before)" : "") + ".")
    }
}

import Foundation
import GeoKit
import LibraryKit

/// A library that exercises every awkward case the formats must carry.
enum SampleLibrary {
    static let t0 = Date(timeIntervalSince1970: 1_795_365_662.123)

    static var library: Library {
        let lists = [
            BookmarkList(id: "weekend", name: "Weekend Spots", created: t0),
            BookmarkList(id: "to-try", name: "Restaurants \"to\" try, <soon> & later", created: t0 + 1),
        ]
        let bookmarks = [
            Bookmark(
                id: "b-pasta", place: PlaceReference(provider: .local, id: "osm:node/1234567"),
                name: "Trattoria & Bar \"Roma\"",
                coordinate: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384),
                note:
                    "Amazing pasta! Go for the carbonara.\nAsk for table by the window.\t(tab)\n  indented line, commas, \"quotes\" <tags>",
                tags: ["dinner", "italian"], lists: ["to-try", "weekend"], created: t0),
            Bookmark(
                id: "b-google", place: PlaceReference(provider: .google, id: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
                name: "Opera 🎭 Sydney",
                coordinate: Coordinate(uncheckedLatitude: -33.8567844, longitude: 151.2152967),
                coordinateSavedAt: t0 - 86_400,
                note: "", tags: ["landmark"], lists: ["weekend"], created: t0 + 2),
            Bookmark(
                id: "b-unplaced", place: PlaceReference(provider: .google, id: "ChIJ-no-position"),
                name: "Kahvila Sävy, Töölö",
                note: "Position expired; re-fetch by id.", created: t0 + 3),
            Bookmark(
                id: "b-west", place: PlaceReference(provider: .custom, id: "pin:1"), name: "Point Reyes",
                coordinate: Coordinate(uncheckedLatitude: 38.0, longitude: -122.9999999),
                note: "  leading and trailing spaces  ",
                tags: ["a tag with spaces", "ünïcödé"], created: t0 + 4),
        ]
        let history = [
            SearchHistoryEntry(id: "s1", query: "coffee", kind: .category, at: t0 + 10),
            SearchHistoryEntry(id: "s2", query: "Blue Bottle, \"Oakland\" & <co>", kind: .name, at: t0 + 11),
        ]
        let preferences = Preferences(
            nameQuery: .nameQueryDefault,
            categoryQuery: ScoringWeights(
                distance: 0.4, popularity: 0.15, queryRelevance: 0.1, categoryMatch: 0.25,
                businessStatus: 0.05, dataCompleteness: 0.05))
        return Library(bookmarks: bookmarks, lists: lists, history: history, preferences: preferences)
            .normalized()
    }
}

/// Runs a command-line tool and returns its exit status, standard output and standard error.
func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
    )
}

/// Whether `tool` is on the PATH.
func hasTool(_ tool: String) -> Bool {
    (try? runTool("sh", ["-c", "command -v \(tool)"]).status) == 0
}

func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "exchange-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

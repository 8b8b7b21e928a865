import Foundation
import LociTestSupport
import OSMKit
import PlaceImport
import PlaceStore
import Testing

@Suite(
    "Atomic imports leave the previous store untouched on failure",
    .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("helsinki.osm.pbf"))))
struct ImportAtomicityTests {
    /// Imports Helsinki into `directory/places.sqlite`; returns the path and the file's bytes.
    static func importHelsinki(_ directory: TemporaryDirectory) throws -> (path: String, bytes: Data, places: Int) {
        let path = directory.path("places.sqlite")
        let result = try OSMPlaceImporter().import(from: SharedData.url("osm/helsinki.osm.pbf"), into: path)
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)), result.places)
    }

    /// Checks the store is byte-identical, opens, and answers queries; and that no temporary file remains.
    static func expectUntouched(_ directory: TemporaryDirectory, _ original: (path: String, bytes: Data, places: Int)) throws {
        #expect(try Data(contentsOf: URL(fileURLWithPath: original.path)) == original.bytes)
        let store = try SQLitePlaceStore(path: original.path)
        #expect(try store.counts().places == original.places)
        #expect(!(try store.places(in: .world, limit: 5)).isEmpty)
        #expect(try directory.contents().filter { $0 != "truncated.osm.pbf" } == ["places.sqlite"])
    }

    @Test("a truncated extract fails with the blob and offset, and the old store stays byte-identical")
    func truncatedInput() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.importHelsinki(directory)
        let bytes = try Data(contentsOf: SharedData.url("osm/helsinki.osm.pbf"))
        let truncated = directory.path("truncated.osm.pbf")
        try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: truncated))
        let error = try #require(throws: PlaceImportError.self) {
            try OSMPlaceImporter().import(from: URL(fileURLWithPath: truncated), into: original.path)
        }
        guard case .input(let path, let osmError) = error else {
            Issue.record("expected an input error, got \(error)")
            return
        }
        #expect(path == truncated)
        #expect(osmError.blobIndex != nil)
        #expect(osmError.fileOffset != nil)
        #expect(error.description.contains("blob"))
        try Self.expectUntouched(directory, original)
    }

    @Test("running out of room (a size cap standing in for a full disk) fails cleanly")
    func storageFull() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.importHelsinki(directory)
        let importer = OSMPlaceImporter(maximumDatabaseBytes: 64 * 1024)
        let error = try #require(throws: PlaceImportError.self) {
            try importer.import(from: SharedData.url("osm/helsinki.osm.pbf"), into: original.path)
        }
        guard case .store(let storeError) = error else {
            Issue.record("expected a store error, got \(error)")
            return
        }
        #expect(storeError.isStorageFull)
        try Self.expectUntouched(directory, original)
    }

    @Test("a cancelled import throws cancelled and leaves nothing behind")
    func cancelled() async throws {
        let directory = try TemporaryDirectory()
        let original = try Self.importHelsinki(directory)
        let task = Task { () throws -> PlaceImportResult in
            withUnsafeCurrentTask { $0?.cancel() }
            return try OSMPlaceImporter().import(from: SharedData.url("osm/helsinki.osm.pbf"), into: original.path)
        }
        let outcome = await task.result
        guard case .failure(let error) = outcome, error as? PlaceImportError == .cancelled else {
            Issue.record("expected cancellation, got \(outcome)")
            return
        }
        try Self.expectUntouched(directory, original)
    }

    @Test("a missing input file is an input error naming the file")
    func missingInput() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.importHelsinki(directory)
        let missing = directory.path("nope.osm.pbf")
        let error = try #require(throws: PlaceImportError.self) {
            try OSMPlaceImporter().import(from: URL(fileURLWithPath: missing), into: original.path)
        }
        #expect(error.description.contains("nope.osm.pbf"))
        try Self.expectUntouched(directory, original)
    }

    @Test("a successful re-import replaces the store in one rename")
    func reimport() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.importHelsinki(directory)
        let reader = try SQLitePlaceStore(path: original.path)
        let result = try OSMPlaceImporter().import(from: SharedData.url("osm/monaco.osm.pbf"), into: original.path)
        #expect(try SQLitePlaceStore(path: original.path).counts().places == result.places)
        // A reader opened before the rename keeps answering from the file it opened.
        #expect(try reader.counts().places == original.places)
        #expect(try directory.contents() == ["places.sqlite"])
    }
}

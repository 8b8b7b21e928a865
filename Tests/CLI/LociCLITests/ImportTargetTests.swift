import Foundation
import LociServerStore
import Testing

/// `loci import --db` never writes over a file it did not make, and `loci serve`'s hint never
/// tells an operator to import into one.
@Suite("loci import and loci serve leave other files alone")
struct ImportTargetTests {
    /// A tiny OSM XML extract: one café.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="test">
          <node id="1" lat="60.1699" lon="24.9384"><tag k="amenity" v="cafe"/><tag k="name" v="Kahvila Testi"/></node>
        </osm>
        """

    /// A fresh folder with the extract in it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-import-target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(extract.utf8).write(to: folder.appendingPathComponent("cafe.osm"))
        return folder
    }

    /// Every file in `folder` with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test("the server's database is refused, named as such, and left byte for byte")
    func serverDatabase() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = folder.appendingPathComponent("server.sqlite").path
        do { _ = try SQLiteServerStore(path: server) }
        let before = try Self.snapshot(folder)
        let result = try LociProcess.run("import", folder.appendingPathComponent("cafe.osm").path, "--db", server)
        #expect(result.status != 0)
        #expect(result.stderr.contains("refusing to replace \(server): it is a loci serve database"), "\(result.stderr)")
        let after = try Self.snapshot(folder)
        #expect(after == before, "\(before.mapValues(\.count)) → \(after.mapValues(\.count))")
    }

    @Test("a file that is not SQLite is refused; an empty file and an older import are replaced")
    func otherFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite")
        try Data("my notes\n".utf8).write(to: notes)
        let refused = try LociProcess.run("import", folder.appendingPathComponent("cafe.osm").path, "--db", notes.path)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("it is not a SQLite database"), "\(refused.stderr)")
        #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))

        let empty = folder.appendingPathComponent("places.sqlite")
        try Data().write(to: empty)
        let first = try LociProcess.run("import", folder.appendingPathComponent("cafe.osm").path, "--db", empty.path)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try LociProcess.run("import", folder.appendingPathComponent("cafe.osm").path, "--db", empty.path)
        #expect(again.status == 0, "a place store is replaced by a new import: \(again.stderr)")
    }

    @Test("loci serve pointed at its own database says so and suggests a separate path")
    func serveOwnDatabase() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = folder.appendingPathComponent("server.sqlite").path
        do { _ = try SQLiteServerStore(path: server) }
        let before = try Self.snapshot(folder)
        let result = try LociProcess.run(
            ["serve", "--port", "0", "--data-dir", folder.path, "--places", server],
            environment: ["DATABASE_URL": nil, "LOCI_PLACES": nil])
        #expect(result.status != 0)
        #expect(result.stderr.contains("it is the server's own database, not a place store"), "\(result.stderr)")
        #expect(result.stderr.contains("--db \(folder.appendingPathComponent("places.sqlite").path)"), "\(result.stderr)")
        #expect(!result.stderr.contains("--db \(server)"), "\(result.stderr)")
        #expect(try Self.snapshot(folder) == before)
    }

    @Test("loci serve on an empty places file says it is empty, not that it is from another version")
    func serveEmptyPlaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = folder.appendingPathComponent("places.sqlite")
        try Data().write(to: places)
        let result = try LociProcess.run(
            ["serve", "--port", "0", "--data-dir", folder.path, "--places", places.path],
            environment: ["DATABASE_URL": nil, "LOCI_PLACES": nil])
        #expect(result.status != 0)
        #expect(result.stderr.contains("the file is empty"), "\(result.stderr)")
        #expect(!result.stderr.contains("another Loci version"), "\(result.stderr)")
    }
}

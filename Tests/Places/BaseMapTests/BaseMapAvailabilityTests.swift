import BaseMap
import Foundation
import GRDB
import GeoKit
import PlaceKit
import PlaceStore
import Testing

/// A store written before streets were kept (schema version 4) still opens, and its base tiles
/// say to re-import instead of drawing an empty map or failing.
@Suite("Base map of an older store")
struct BaseMapAvailabilityTests {
    @Test("a version-4 store opens without streets and its tiles ask for a re-import")
    func olderStore() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loci-v4-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PlaceStoreWriter(path: path)
        let line = [
            Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), Coordinate(uncheckedLatitude: 60.171, longitude: 24.942),
        ]
        try writer.insert(streets: [try #require(Street(id: PlaceID(osm: .way, id: 1), kind: .minor, line: line))])
        try writer.finish()
        do {
            // Closed before the file is changed: an open store keeps a shared lock on it.
            let current = BaseMapTiles(store: try SQLitePlaceStore(path: path))
            #expect(current.isAvailable)
            #expect(try current.store.streets(in: .world).count == 1)
        }

        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE streets; DROP TABLE streets_rtree; DELETE FROM grdb_migrations WHERE identifier = 'v5'")
        }
        try queue.close()
        let older = BaseMapTiles(store: try SQLitePlaceStore(path: path))
        #expect(!older.isAvailable)
        #expect(try older.store.streets(in: .world).isEmpty)
        #expect {
            _ = try older.png(z: 16, x: 37_311, y: 18_953)
        } throws: { error in
            "\(error)".contains("re-import it with loci import to get the base map")
        }
    }
}

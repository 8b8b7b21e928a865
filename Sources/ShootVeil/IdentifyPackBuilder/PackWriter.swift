import Foundation
import GRDB
import IdentifyPack
import PlaceStore

/// Writes a pack file from cut contents: the place-store part through ``PlaceStore/PlaceStoreWriter``,
/// then the pack's own tables, then the checksums and the manifest.
struct PackWriter {
    /// The (temporary) file written.
    let path: String

    /// Writes `contents` and returns the manifest stored with them.
    func write(
        _ contents: PackContents, store: SQLitePlaceStore, name: String, margin: Double, airportMargin: Double,
        sources: [PackSource], builtAt: Date
    ) throws(PackBuildError) -> PackManifest {
        do throws(PlaceStoreError) {
            let writer = try PlaceStoreWriter(path: path)
            do throws(PlaceStoreError) {
                try writer.insert(contents.places)
                try writer.insert(buildings: contents.buildings)
                for key in ["source", "imported_at", "time_zone"] {
                    if let value = try store.metadata(key) { try writer.setMetadata(key, value) }
                }
                try writer.finish()
            } catch {
                writer.abandon()
                throw error
            }
        } catch { throw .store(error) }
        do {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            try queue.write { db in
                try db.execute(sql: PackFormat.createTables)
                try insert(contents, db)
            }
            try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            return try queue.write { db in
                let tables = try PackFormat.coveredTables(db).map { try PackChecksum.table($0, db) }
                let manifest = PackManifest(
                    name: name, area: contents.area, marginMetres: margin, airportMarginMetres: airportMargin,
                    builtAt: builtAt, sources: sources, tables: tables)
                let json = String(decoding: try PackManifest.encoder().encode(manifest), as: UTF8.self)
                try db.execute(
                    sql: """
                        INSERT INTO pack_manifest (key, value)
                        VALUES ('format_version', ?), ('manifest', ?), ('manifest_sha256', ?)
                        """,
                    arguments: [String(PackFormat.version), json, PackChecksum.sha256(json)])
                return manifest
            }
        } catch let error as DatabaseError {
            throw .write(path: path, "SQLite error \(error.extendedResultCode.rawValue): \(error.message ?? "\(error)")")
        } catch {
            throw .write(path: path, "\(error)")
        }
    }

    private func insert(_ contents: PackContents, _ db: Database) throws {
        let landmark = try db.makeStatement(sql: """
            INSERT INTO pack_landmarks (id, name, kind, lat, lon, wikidata, height, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for item in contents.landmarks {
            try landmark.execute(arguments: [
                item.id, item.name, item.kind, item.coordinate.latitude, item.coordinate.longitude, item.wikidata,
                item.height, item.source,
            ])
        }
        let airport = try db.makeStatement(sql: "INSERT INTO pack_airports (icao, iata, name, city, lat, lon) VALUES (?, ?, ?, ?, ?, ?)")
        for item in contents.airports {
            try airport.execute(arguments: [
                item.icao, item.iata, item.name, item.city, item.coordinate.latitude, item.coordinate.longitude,
            ])
        }
    }
}

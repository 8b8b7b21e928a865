import Foundation
import GRDB
import GeoKit
import IdentifyKit
import PlaceStore

/// An offline pack opened for identification, after every check passed: the place store read in
/// place, the landmark list and airports it carries, and its manifest.
///
/// Opening refuses, with a ``PackError`` naming the file and the fault, a file that is not SQLite,
/// is shorter or longer than its header says, fails SQLite's `quick_check`, is not a place store,
/// has no manifest, one of another format version or one whose text does not match its own
/// SHA-256, lacks a table the manifest names or has one it does not, or whose tables do not hash
/// to the manifest's checksums. Nothing of a refused pack is returned.
///
/// The store is opened before the checksums are computed: its reader keeps a shared lock on the
/// file from then on (``PlaceStore/SQLitePlaceStore``), so the file cannot be written in place
/// between the check and the reads that follow.
public struct OfflinePack: Sendable {
    /// The pack file.
    public let path: String
    /// What the pack holds, verified.
    public let manifest: PackManifest
    /// Buildings and landmark places, in the place store's schema.
    public let places: SQLitePlaceStore
    /// The landmark list's items near the area, in the list's order.
    public let landmarks: [Landmark]
    /// Airports near the area.
    public let airports: [Airport]

    /// Opens and verifies the pack at `path`.
    ///
    /// - Throws: ``PackError``.
    /// - Complexity: O(file size): every covered row is read once to check its table's checksum.
    public init(path: String) throws(PackError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw PackError(.unreadable("no such file"), path: path) }
        try PackFileHeader.check(path: path)
        do { places = try SQLitePlaceStore(path: path) } catch { throw PackError.store(error, path: path) }
        (manifest, landmarks, airports) = try Self.verifiedContents(path: path)
    }

    /// Reads the manifest, checks it and every covered table, and loads the landmarks and airports.
    private static func verifiedContents(path: String) throws(PackError) -> (PackManifest, [Landmark], [Airport]) {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard problems == ["ok"] else {
                    throw PackError(.damaged("quick_check: \(problems.prefix(3).joined(separator: "; "))"), path: path)
                }
                let manifest = try readManifest(db, path: path)
                try checkTables(of: manifest, db, path: path)
                return (manifest, try readLandmarks(db, path: path), try readAirports(db, path: path))
            }
        } catch let error as PackError {
            throw error
        } catch let error as DatabaseError {
            throw PackError(.damaged("SQLite error \(error.extendedResultCode.rawValue): \(error.message ?? "\(error)")"), path: path)
        } catch {
            throw PackError(.damaged("\(error)"), path: path)
        }
    }

    private static func tableExists(_ name: String, _ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [name]) == 1
    }

    private static func readManifest(_ db: Database, path: String) throws -> PackManifest {
        guard try tableExists(PackFormat.manifestTable, db) else { throw PackError(.missingManifest, path: path) }
        func value(_ key: String) throws -> String? {
            try String.fetchOne(db, sql: "SELECT value FROM pack_manifest WHERE key = ?", arguments: [key])
        }
        guard let version = try value("format_version"), let json = try value("manifest") else {
            throw PackError(.missingManifest, path: path)
        }
        guard version == String(PackFormat.version) else {
            throw PackError(.unsupportedFormat(found: version, supported: PackFormat.version), path: path)
        }
        guard let checksum = try value("manifest_sha256") else { throw PackError(.missingManifest, path: path) }
        guard PackChecksum.sha256(json) == checksum else {
            throw PackError(.invalidManifest("its text does not match its SHA-256"), path: path)
        }
        let manifest: PackManifest
        do { manifest = try PackManifest.decoder().decode(PackManifest.self, from: Data(json.utf8)) } catch {
            throw PackError(.invalidManifest("\(error)"), path: path)
        }
        guard manifest.formatVersion == PackFormat.version else {
            throw PackError(.unsupportedFormat(found: String(manifest.formatVersion), supported: PackFormat.version), path: path)
        }
        return manifest
    }

    private static func checkTables(of manifest: PackManifest, _ db: Database, path: String) throws {
        let present = try PackFormat.coveredTables(db)
        for expected in manifest.tables {
            guard present.contains(expected.name) else { throw PackError(.missingTable(expected.name), path: path) }
            let actual = try PackChecksum.table(expected.name, db)
            guard actual == expected else {
                throw PackError(
                    .checksumMismatch(table: expected.name, expected: expected.sha256, actual: actual.sha256), path: path)
            }
        }
        let listed = Set(manifest.tables.map(\.name))
        for table in present + PackFormat.requiredTables where !listed.contains(table) {
            throw PackError(.unlistedTable(table), path: path)
        }
    }

    private static func readLandmarks(_ db: Database, path: String) throws -> [Landmark] {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, id, name, kind, lat, lon, wikidata, height, source FROM pack_landmarks ORDER BY rowid")
        var landmarks: [Landmark] = []
        while let row = try rows.next() {
            let fields = PackRow(row: row, table: PackFormat.landmarksTable, path: path)
            landmarks.append(
                Landmark(
                    id: try fields.text(1), name: try fields.text(2), kind: try fields.text(3),
                    coordinate: try fields.coordinate(4), wikidata: try fields.optionalText(6),
                    height: try fields.optionalReal(7), source: try fields.text(8)))
        }
        return landmarks
    }

    private static func readAirports(_ db: Database, path: String) throws -> [Airport] {
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, icao, iata, name, city, lat, lon FROM pack_airports ORDER BY rowid")
        var airports: [Airport] = []
        while let row = try rows.next() {
            let fields = PackRow(row: row, table: PackFormat.airportsTable, path: path)
            airports.append(
                Airport(
                    icao: try fields.text(1), iata: try fields.optionalText(2), name: try fields.text(3),
                    city: try fields.text(4), coordinate: try fields.coordinate(5)))
        }
        return airports
    }
}

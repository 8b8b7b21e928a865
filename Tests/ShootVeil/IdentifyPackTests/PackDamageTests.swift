import Foundation
import GRDB
import IdentifyPack
import LociTestSupport
import PlaceStore
import Testing

/// Damaged, partial, edited and foreign files are refused with the file and the fault named.
@Suite("Refusing a damaged pack")
struct PackDamageTests {
    /// One way to damage a copy of the pack, and what the refusal must say.
    struct Damage: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var damage: @Sendable (String) throws -> Void
        var expected: @Sendable (PackError.Kind) -> Bool
    }

    static func sql(_ statements: String) -> @Sendable (String) throws -> Void {
        { path in
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: statements) }
            try queue.close()
        }
    }

    static func bytes(_ change: @escaping @Sendable (inout Data) -> Void) -> @Sendable (String) throws -> Void {
        { path in
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            change(&data)
            try data.write(to: URL(fileURLWithPath: path))
        }
    }

    static let damages: [Damage] = [
        Damage(testDescription: "a text file", damage: bytes { $0 = Data("not a pack at all\n".utf8) }) {
            if case .notSQLite = $0 { true } else { false }
        },
        Damage(testDescription: "an empty file", damage: bytes { $0 = Data() }) {
            if case .notSQLite("empty file") = $0 { true } else { false }
        },
        Damage(testDescription: "the first half of the file", damage: bytes { $0 = $0.prefix($0.count / 2) }) {
            if case .truncated(let expected, let actual) = $0 { actual < expected } else { false }
        },
        Damage(testDescription: "the first 60 bytes", damage: bytes { $0 = $0.prefix(60) }) {
            if case .truncated = $0 { true } else { false }
        },
        Damage(testDescription: "bytes appended", damage: bytes { $0.append(contentsOf: [1, 2, 3]) }) {
            if case .truncated(let expected, let actual) = $0 { actual == expected + 3 } else { false }
        },
        Damage(testDescription: "the manifest table dropped", damage: sql("DROP TABLE pack_manifest")) {
            $0 == .missingManifest
        },
        Damage(
            testDescription: "a newer format version",
            damage: sql("UPDATE pack_manifest SET value = '2' WHERE key = 'format_version'")
        ) { $0 == .unsupportedFormat(found: "2", supported: PackFormat.version) },
        Damage(testDescription: "the manifest JSON cut", damage: sql("UPDATE pack_manifest SET value = substr(value, 1, 40) WHERE key = 'manifest'")) {
            $0 == .invalidManifest("its text does not match its SHA-256")
        },
        Damage(
            testDescription: "a building's height edited",
            damage: sql("UPDATE buildings SET height = height + 1 WHERE rowid = (SELECT min(rowid) FROM buildings WHERE height IS NOT NULL)")
        ) { if case .checksumMismatch(table: "buildings", _, _) = $0 { true } else { false } },
        Damage(testDescription: "a listed landmark deleted", damage: sql("DELETE FROM pack_landmarks WHERE rowid = 1")) {
            if case .checksumMismatch(table: "pack_landmarks", _, _) = $0 { true } else { false }
        },
        Damage(testDescription: "an airport moved", damage: sql("UPDATE pack_airports SET lat = lat + 0.5 WHERE rowid = 3")) {
            if case .checksumMismatch(table: "pack_airports", _, _) = $0 { true } else { false }
        },
        Damage(testDescription: "a building's index entry deleted", damage: sql("DELETE FROM buildings_rtree WHERE id = 5")) {
            if case .checksumMismatch(let table, _, _) = $0 { table.hasPrefix("buildings_rtree_") } else { false }
        },
        Damage(testDescription: "a landmark place deleted", damage: sql("DELETE FROM places WHERE rowid = 1")) {
            if case .checksumMismatch(table: "places", _, _) = $0 { true } else { false }
        },
        Damage(testDescription: "a table added", damage: sql("CREATE TABLE extra (x); INSERT INTO extra VALUES (1)")) {
            $0 == .unlistedTable("extra")
        },
        Damage(testDescription: "the airports table dropped", damage: sql("DROP TABLE pack_airports")) {
            $0 == .missingTable("pack_airports")
        },
    ]

    @Test(
        "a damaged pack is refused, naming the file and the fault",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)), arguments: damages)
    func refused(_ damage: Damage) throws {
        let folder = try WestVillagePack.folder("damage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try WestVillagePack.copy(in: folder)
        _ = try OfflinePack(path: path)  // the undamaged copy opens
        try damage.damage(path)
        do {
            _ = try OfflinePack(path: path)
            Issue.record("\(damage.testDescription): accepted")
        } catch {
            #expect(damage.expected(error.kind), "\(damage.testDescription): \(error)")
            #expect(error.path == path)
            #expect(error.description.hasPrefix("offline pack \(path): "))
        }
    }

    @Test(
        "bytes flipped inside stored text are refused, never read",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)),
        arguments: ["John F Kennedy", "osm:way/", "nyc-west-village", "Wikidata, CC0"])
    func flippedBytes(_ text: String) throws {
        let folder = try WestVillagePack.folder("flip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try WestVillagePack.copy(in: folder)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let found = try #require(data.range(of: Data(text.utf8)), "\(text) is not in the pack")
        for index in found { data[index] ^= 0x20 }
        try data.write(to: URL(fileURLWithPath: path))
        #expect(throws: PackError.self) { _ = try OfflinePack(path: path) }
    }

    @Test(
        "a place store made by an import is not a pack",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func plainStore() throws {
        let store = try WestVillagePack.storeFile()
        #expect(throws: PackError(.missingManifest, path: store)) { _ = try OfflinePack(path: store) }
    }

    @Test func missingFile() {
        #expect(throws: PackError(.unreadable("no such file"), path: "/nonexistent/x.pack")) {
            _ = try OfflinePack(path: "/nonexistent/x.pack")
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import LocalStoreRecovery

/// A real SQLite database through GRDB, read once so a damaged file fails at open.
private func openDatabase(_ path: String) throws -> DatabaseQueue {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS trip (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    return queue
}

private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-recovery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("Opening the phone's database at launch")
struct LocalStoreRecoveryTests {
    @Test("A good database opens and keeps its rows")
    func opens() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("trips.sqlite").path
        try openDatabase(path).write { try $0.execute(sql: "INSERT INTO trip (name) VALUES ('Lapland')") }
        let reopened = try LocalStoreRecovery.open(at: path, with: openDatabase)
        #expect(try reopened.read { try String.fetchOne($0, sql: "SELECT name FROM trip") } == "Lapland")
    }

    @Test("A damaged file is unreadable, offers a reset, and is left exactly as it was")
    func damaged() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("trips.sqlite").path
        let garbage = Data(repeating: 0x5A, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: path))
        do {
            _ = try LocalStoreRecovery.open(at: path, with: openDatabase)
            Issue.record("a damaged file opened")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.canReset)
            #expect(error.path == path)
        }
        #expect(FileManager.default.contents(atPath: path) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["trips.sqlite"])
    }

    @Test("A confirmed reset sets the file and its journal aside, kept, and opens an empty database")
    func reset() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("trips.sqlite").path
        let garbage = Data(repeating: 0x5A, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: path))
        try Data("wal".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
        let now = Date(timeIntervalSince1970: 1_795_939_200)  // 2026-11-29 08:00 UTC
        let (store, aside) = try LocalStoreRecovery.resetAndOpen(at: path, now: now, with: openDatabase)
        #expect(aside == path + ".unreadable-20261129T080000Z")
        #expect(FileManager.default.contents(atPath: path + ".unreadable-20261129T080000Z") == garbage)
        #expect(FileManager.default.contents(atPath: path + ".unreadable-20261129T080000Z-wal") == Data("wal".utf8))
        #expect(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM trip") } == 0)
    }

    @Test("No file can be made in a folder that is not there: free space or try again, no reset")
    func cannotCreate() throws {
        let path = try temporaryFolder().appendingPathComponent("missing/trips.sqlite").path
        do {
            _ = try LocalStoreRecovery.open(at: path, with: openDatabase)
            Issue.record("a database opened in a folder that does not exist")
        } catch {
            #expect(error.kind == .cannotCreate)
            #expect(!error.canReset)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

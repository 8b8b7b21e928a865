import Foundation
import LociServer
import Testing

/// `loci serve` that fails before it listens leaves no server database behind (finding 9 of
/// issue 32): on a taken port, and on a bad file read after the database was opened.
@Suite("A failed loci serve leaves nothing behind")
struct ServeCleanupTests {
    /// Runs `loci serve` to its end with `arguments`; returns its exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = ServeProcessTests.executable
        process.arguments = ["serve"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["LOG_LEVEL"] = "warning"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("server.sqlite") }
    }

    @Test("a taken port: exits non-zero, no server.sqlite")
    func takenPort() async throws {
        let first = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: first.folder) }
        let server = try ServeProcessTests.start(dataDirectory: first.folder, places: first.places)
        defer {
            kill(server.process.processIdentifier, SIGTERM)
            server.process.waitUntilExit()
        }
        let port = try #require(server.baseURL.port)
        let second = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: second.folder) }
        let status = try Self.run([
            "--port", "\(port)", "--data-dir", second.folder.path, "--places", second.places,
            "--development-attestation",
        ])
        #expect(status != 0)
        #expect(try Self.leftovers(in: second.folder) == [])
    }

    @Test("a bad sensitive-areas file: exits non-zero, no server.sqlite; an existing database is kept")
    func badFile() throws {
        let data = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: data.folder) }
        let bad = data.folder.appendingPathComponent("areas.json")
        try Data("not json".utf8).write(to: bad)
        let arguments = [
            "--port", "0", "--data-dir", data.folder.path, "--places", data.places, "--development-attestation",
            "--sensitive-areas", bad.path,
        ]
        #expect(try Self.run(arguments) != 0)
        #expect(try Self.leftovers(in: data.folder) == [])
        // A database that was there before the run is the operator's: kept.
        let existing = data.folder.appendingPathComponent("server.sqlite")
        try Data().write(to: existing)
        #expect(try Self.run(arguments) != 0)
        #expect(FileManager.default.fileExists(atPath: existing.path))
    }
}

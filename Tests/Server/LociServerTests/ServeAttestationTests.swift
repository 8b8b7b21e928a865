import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `loci serve` runs the development verifier only when told to, and says so.
@Suite("loci serve attestation")
struct ServeAttestationTests {
    @Test("with neither --development-attestation nor an App Attest app id, loci serve refuses to start, naming both")
    func refusesWithoutVerifier() throws {
        let (folder, places) = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = ServeProcessTests.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", folder.path, "--places", places]
        var environment = ProcessInfo.processInfo.environment
        for key in ["DATABASE_URL", "LOCI_DEVELOPMENT_ATTESTATION", "LOCI_APP_ATTEST_APP_IDS"] {
            environment[key] = nil
        }
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("--development-attestation") && text.contains("LOCI_DEVELOPMENT_ATTESTATION=1"), "\(text)")
        #expect(text.contains("--app-attest-app-ids") && text.contains("LOCI_APP_ATTEST_APP_IDS"), "\(text)")
    }

    @Test("LOCI_DEVELOPMENT_ATTESTATION=1 runs the development verifier, and /health says so")
    func developmentByVariable() async throws {
        let (folder, places) = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcessTests.start(
            dataDirectory: folder, places: places, arguments: [], environment: ["LOCI_DEVELOPMENT_ATTESTATION": "1"])
        defer {
            kill(server.process.processIdentifier, SIGTERM)
            server.process.waitUntilExit()
        }
        let (status, health) = try await ServeProcessTests.send(server.baseURL, "GET", "/health")
        #expect(status == 200)
        #expect(health["attestation"] as? String == "development (any non-empty string is accepted)")
        let (registered, _) = try await ServeProcessTests.send(
            server.baseURL, "POST", "/v1/auth/anonymous", json: ["attestation": "anything"])
        #expect(registered == 201)
    }

    @Test("with an App Attest app id, a made-up attestation is refused")
    func appAttestByFlag() async throws {
        let (folder, places) = try ServeProcessTests.dataFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcessTests.start(
            dataDirectory: folder, places: places, arguments: ["--app-attest-app-ids", AppAttestFixture.appID])
        defer {
            kill(server.process.processIdentifier, SIGTERM)
            server.process.waitUntilExit()
        }
        let (_, health) = try await ServeProcessTests.send(server.baseURL, "GET", "/health")
        #expect((health["attestation"] as? String)?.hasPrefix("App Attest (app ids: \(AppAttestFixture.appID)") == true)
        let (refused, _) = try await ServeProcessTests.send(
            server.baseURL, "POST", "/v1/auth/anonymous", json: ["attestation": "anything", "platform": "ios"])
        #expect(refused == 400)
    }
}

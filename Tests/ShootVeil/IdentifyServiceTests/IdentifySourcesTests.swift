import Foundation
import IdentifyKit
import IdentifyService
import Testing

/// Everything one identification draws on, read and chosen in the service (not the CLI).
@Suite struct IdentifySourcesTests {
    static func request() throws -> IdentifyRequest {
        try IdentifyInputTests.input().request()
    }

    static var absentStore: IdentificationPlaces {
        .store(path: FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).sqlite").path, required: false)
    }

    @Test("without a store, snapshot or quota the answer has no buildings source and no aircraft count; no feed is none")
    func bare() async throws {
        let answer = try await IdentifySources(places: Self.absentStore).identify(try Self.request(), now: Date())
        #expect(answer.buildingsSource == nil)
        #expect(answer.aircraftCount == nil)
        #expect(answer.identification.aircraft.source == .none)
        #expect(answer.identification.quotaRemaining == nil)
    }

    @Test("each source's failure is its own case: a broken feed setting, an unreadable landmarks file, enrichment without a key")
    func refusals() async throws {
        let request = try Self.request()
        await #expect {
            _ = try await IdentifySources(places: Self.absentStore, environment: ["LOCI_AIRCRAFT_FEED": "ftp://x"]).identify(request, now: Date())
        } throws: { error in
            guard case IdentifySourcesError.aircraftFeed(let setting) = error else { return false }
            return setting.origin == .environment && setting.text == "ftp://x"
        }
        await #expect {
            _ = try await IdentifySources(places: Self.absentStore, landmarksFile: "/nonexistent/landmarks.csv").identify(request, now: Date())
        } throws: { error in
            guard case IdentifySourcesError.landmarks(let file) = error else { return false }
            return file.path == "/nonexistent/landmarks.csv"
        }
        await #expect {
            _ = try await IdentifySources(places: Self.absentStore, enrich: true, environment: [:]).identify(request, now: Date())
        } throws: { error in
            guard case IdentifySourcesError.enrichNeedsKey = error else { return false }
            return true
        }
    }
}

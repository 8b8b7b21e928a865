import Foundation
import IdentifyPack
import IdentifyPackBuilder
import LociTestSupport
import ShootVeilFeature
import Testing

/// An offline pack of the West Village as the app's identification source.
@Suite("Recorded captures through an offline pack")
@MainActor
struct PackCaptureTests {
    /// A pack built from the West Village extract, once.
    nonisolated static let pack: URL? = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("shootveil-wv-\(ProcessInfo.processInfo.processIdentifier).pack")
        let built = try? PackBuilder().build(
            from: .extract(SharedData.url(WestVillage.extract)), to: url.path, now: Date(timeIntervalSince1970: 0))
        return built == nil ? nil : url
    }()

    @Test(
        "a capture answers from the pack exactly as from the full store, and as its geometry says",
        .enabled(if: WestVillage.available, "needs the shared West Village extract"),
        arguments: CaptureReplayTests.buildingCaptures)
    func sameAsStore(_ name: String) async throws {
        let fixture = try CaptureFixture.load(name)
        let pack = try #require(Self.pack, "the West Village pack did not build")
        let store = try #require(WestVillage.store, "the West Village extract did not import")
        let fromPack = try Phone(pack: pack, format: fixture.cameraFormat())
        // The pack's service attaches the landmark places it holds, so the store's does too.
        let fromStore = try Phone(places: store, placeLandmarks: true, format: fixture.cameraFormat())
        var taps = 0
        var landmarks = 0
        for event in fixture.events {
            for phone in [fromPack, fromStore] {
                phone.clock.set(event.time)
                if let input = try fixture.input(event) { phone.model.apply(input) }
                if let tap = event.tap { await phone.model.tap(at: tap) }
            }
            guard event.tap != nil else { continue }
            taps += 1
            #expect(fromPack.model.phase == fromStore.model.phase, "\(name) at \(event.time)")
            if case .results(let result) = fromPack.model.phase {
                landmarks += result.candidates.filter { $0.kind == .landmark }.count
            }
        }
        #expect(taps > 0)
        #expect(landmarks > 0, "the capture should name a landmark place from the pack")
        // The fixture's own expectations hold for the pack too.
        try await CaptureReplayTests().replay(fixture, phone: try Phone(pack: pack, format: fixture.cameraFormat()))
    }

    @Test("a damaged pack is refused when the app opens it, naming the file")
    func damaged() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shootveil-\(UUID().uuidString).pack")
        try Data("SQLite format 3\0 but cut short".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ServiceIdentificationSource(pack: url)
            Issue.record("a partial pack was opened")
        } catch {
            #expect(error.path == url.path)
            if case .truncated = error.kind {} else { Issue.record("\(error)") }
        }
    }
}

import AreaDownloads
import AreaKit
import AreasFeature
import Foundation
import IdentifyKit
import LociTestSupport
import ShootVeilFeature
import Testing
import TidepoolTestServer

/// ShootVeil from a fresh install: no pack on the phone, the area screen explains and offers the
/// nearest area, the pack is downloaded from a real `loci serve --areas` on loopback, and with the
/// server stopped the first identification answers offline from it.
@Suite("ShootVeil's identify pack from a downloaded area")
@MainActor
struct AreaDownloadTests {
    @Test(
        "fresh install → 'no area' with the nearest offered → download → server stopped → the tap identifies the building offline",
        .enabled(if: WestVillage.available, "needs the shared West Village extract"))
    func freshInstallThenOffline() async throws {
        let server = try await AreaTestServer.start(extract: WestVillage.extract, name: "wv")
        defer { server.remove() }
        let downloads = AreaDownloads(directory: server.device, transport: HTTPAreaTransport(baseURL: server.baseURL))
        let areas = AreasModel(downloads: downloads, kinds: [.identifyPack])
        let fixture = try CaptureFixture.load("aimed-at-building")
        let quota = FileIdentificationQuota(
            path: server.device.deletingLastPathComponent().appendingPathComponent("quota.json").path, monthlyLimit: 5,
            timeZone: TimeZone(identifier: "America/New_York")!)
        let source = InstalledAreaIdentificationSource(downloads: downloads, quota: quota)
        let clock = TestClock(1_764_115_200)
        let model = ViewfinderModel(
            environment: ShootVeilEnvironment(
                attitude: InMemoryAttitudeSource(isAvailable: true), heading: InMemoryHeadingSource(),
                location: InMemoryCaptureLocationSource(allowed: true),
                camera: InMemoryCameraIntrinsicsSource(format: try fixture.cameraFormat(), preview: PlanePoint(x: 393, y: 852)),
                identification: source, store: InMemoryEntitlementStore(products: Phone.products, entitlement: .free, restorable: .free),
                maps: InMemoryMapsOpener(), now: { clock.date }))

        // Fresh install: nothing to identify buildings from; the area screen explains and offers the nearest.
        #expect(!source.hasPack)
        await areas.refresh(near: AreaPoint(latitude: 40.7336, longitude: -74.0027))
        #expect(!areas.state.hasArea)
        let nearest = try #require(areas.state.suggestion)
        #expect(nearest.name == "wv" && areas.state.downloadBytes(of: nearest) == nearest.file(.identifyPack)?.bytes)
        let expected = try #require(fixture.events.compactMap(\.expect).first { $0.outcome == "identified" }?.id)
        #expect(try await replay(fixture, model: model, clock: clock)?.candidates.first?.id != expected)

        // Download through the server, then stop it.
        await areas.download("wv")
        #expect(areas.state.failure == nil && areas.state.hasArea)
        #expect(areas.state.installed.first?.kinds == [.identifyPack])
        await server.stopServer()
        await areas.refresh()
        if case .offline = areas.state.failure {} else { Issue.record("the server should be unreachable: \(String(describing: areas.state.failure))") }

        // Offline: the same capture identifies the building from the downloaded pack.
        #expect(source.hasPack)
        let result = try #require(try await replay(fixture, model: model, clock: clock))
        #expect(result.candidates.first?.id == expected, "\(result.candidates.map(\.id))")
    }

    /// Plays the capture's events into the model up to its first identified tap; the result shown then.
    func replay(_ fixture: CaptureFixture, model: ViewfinderModel, clock: TestClock) async throws -> IdentificationResult? {
        for event in fixture.events {
            clock.set(event.time)
            if let input = try fixture.input(event) { model.apply(input) }
            guard let tap = event.tap, event.expect?.outcome == "identified" else { continue }
            await model.tap(at: tap)
            guard case .results(let result) = model.phase else {
                Issue.record("the tap did not answer: \(model.phase)")
                return nil
            }
            return result
        }
        return nil
    }
}

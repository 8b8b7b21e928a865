import Foundation
import GeoKit
import Testing
import WrappedFeature
import WrappedKit
import WrappedService

@Suite("Processing: staged progress folded from session events")
struct ProcessingProgressTests {
    /// The engine's own stage events over `assets`.
    func engineEvents(_ assets: [PhotoAsset]) -> [WrappedSessionEvent] {
        var events: [WrappedSessionEvent] = []
        _ = WrappedEngine(lookup: SampleLookupStandIn(), deviceZone: TimeZone(identifier: "UTC")!)
            .run(assets, range: SampleWrapped.days) { events.append(.engine($0)) }
        return events
    }

    @Test("scanning activates Stage A; each stage then finishes with its count, in order")
    func stages() throws {
        var progress = ProcessingProgress(language: .english)
        #expect(progress.steps.map(\.state) == [.pending, .pending, .pending])
        progress.apply(.scanning(done: 40, total: 200))
        #expect(progress.scanFraction == 0.2)
        #expect(progress.steps.map(\.state) == [.active, .pending, .pending])
        progress.apply(.scanFinished)
        #expect(progress.scanFraction == 1)
        let events = engineEvents(SampleWrapped.assets)
        progress.apply(events[0])
        #expect(progress.steps.map(\.state) == [.done, .active, .pending])
        #expect(progress.photosInRange == SampleWrapped.assets.count)
        #expect(progress.steps[0].detail == "\(CardText.count(SampleWrapped.assets.count, "photo")) in range")
        #expect(progress.coverageLine == "100% include location data")
        #expect(progress.lowCoverageNote == nil)
        progress.apply(events[1])
        #expect(progress.steps.map(\.state) == [.done, .done, .active])
        let places = try #require(progress.steps[1].detail)
        #expect(places.hasSuffix("places"))
        progress.apply(events[2])
        #expect(progress.steps.map(\.state) == [.done, .done, .done])
        #expect(progress.steps[2].detail?.hasSuffix("named") == true)
    }

    @Test("a cache hit finishes every stage at once")
    func cacheHit() {
        var progress = ProcessingProgress(language: .english)
        progress.apply(.cacheHit(photoCount: 12))
        #expect(progress.fromCache)
        #expect(progress.scanFraction == 1)
        #expect(progress.steps.allSatisfy { $0.state == .done })
    }

    @Test("under 20 % located, the screen says place insights will be limited")
    func lowCoverage() {
        let unlocated = SampleWrapped.assets.map {
            PhotoAsset(id: $0.id, captureTime: $0.captureTime, coordinate: nil)
        }
        var progress = ProcessingProgress(language: .english)
        progress.apply(engineEvents(unlocated)[0])
        #expect(progress.coveragePercent == 0)
        #expect(progress.lowCoverageNote != nil)
    }
}

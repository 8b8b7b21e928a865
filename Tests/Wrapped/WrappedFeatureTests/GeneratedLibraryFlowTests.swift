import Foundation
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedFeature
import WrappedKit
import WrappedStore

/// The models driven over the generated 10,000-photo year (`scripts/make-photo-library`) with the
/// folder source, the gazetteer, and the cache database as the hidden-place store.
@MainActor
@Suite(
    "Photo Wrapped models on the generated 10,000-photo library",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))
    ),
    .serialized)
struct GeneratedLibraryFlowTests {
    let now = noon("2025-12-31")

    func app(source: some PhotoLibrarySource, root: String, cache: URL) throws -> WrappedAppModel {
        let env = environment(
            sources: WholeLibrarySourceFactory(source), authorizer: InMemoryPhotoAuthorizer(status: .full),
            thumbnails: FolderThumbnails(root: root), hidden: try WrappedDatabase(path: cache.path),
            cache: cache, now: now)
        return WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
    }

    @Test("Cancel mid-scan stores nothing and goes home; the next run is a miss and completes")
    func cancelMidScan() async throws {
        let folder = try GeneratedPhotoLibrary.tenThousand.get()
        let cache = temporaryFolder("cancel").appendingPathComponent("wrapped.sqlite")
        let gate = ScanGate()
        let gated = try app(
            source: GatedFolderSource(base: FolderPhotoSource(root: folder.path), gate: gate),
            root: folder.path, cache: cache)
        let run = Task { await gated.generate() }
        let deadline = Date(timeIntervalSinceNow: 120)
        while !gate.reached, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(gate.reached)
        let processing = try #require(gated.processing)
        #expect(processing.canCancel)
        gated.cancelProcessing()
        #expect(await run.value == nil)
        #expect(processing.phase == .cancelled)
        #expect(processing.progress.scanned < 10_000)
        #expect(gated.isShowingHome)
        #expect(gated.message == "Cancelled. Nothing was saved.")
        #expect(try WrappedDatabase(path: cache.path).runCount() == 0)

        let next = try app(source: FolderPhotoSource(root: folder.path), root: folder.path, cache: cache)
        let deck = try #require(await next.generate())
        #expect(deck.cacheState == .miss)
        #expect((8...12).contains(deck.cards.count))
        #expect(deck.places.first?.label.contains("Kallio") == true)
        #expect(try WrappedDatabase(path: cache.path).runCount() == 1)
    }

    @Test("hiding the top place regenerates the deck without it, and a new model keeps it hidden")
    func hideAndRegenerate() async throws {
        let folder = try GeneratedPhotoLibrary.tenThousand.get()
        let cache = temporaryFolder("hide").appendingPathComponent("wrapped.sqlite")
        let source = FolderPhotoSource(root: folder.path)
        let deck = try #require(await app(source: source, root: folder.path, cache: cache).generate())
        let top = try #require(deck.places.first)
        let second = try #require(deck.places.dropFirst().first)
        #expect(deck.cards.contains { $0.payload["place_id"] == top.id })
        // The map card of the top places comes before the finale, the top place first.
        let mapIndex = try #require(deck.cards.firstIndex { $0.kind == .map })
        #expect(deck.cards[mapIndex].payload["place_ids"]?.hasPrefix("\(top.id),\(second.id)") == true)
        #expect(deck.cards.last?.kind == .collage && mapIndex == deck.cards.count - 2)
        #expect(deck.pages[mapIndex].layout.pins.count == min(5, deck.places.count))
        let detail = try #require(deck.placeDetail(for: top.id))
        await detail.hide()
        #expect(deck.regeneration == nil)
        #expect(deck.problem == nil)
        #expect(deck.cacheState == .miss)
        #expect(!deck.places.contains { $0.id == top.id })
        #expect(deck.hiddenPlaces.map(\.id) == [top.id])
        #expect(deck.places.first?.id == second.id)
        #expect(!deck.cards.contains { $0.payload["place_id"] == top.id })
        #expect(!deck.cards.contains { $0.payload["place_ids"]?.contains(top.id) == true })

        let reopenedApp = try app(source: source, root: folder.path, cache: cache)
        let reopened = try #require(await reopenedApp.generate())
        #expect(reopened.cacheState == .hit)
        #expect(reopened.hiddenPlaces.map(\.id) == [top.id])
        #expect(reopened.places.first?.id == second.id)

        await reopened.unhide(top.id)
        #expect(reopened.places.first?.id == top.id)
        #expect(try WrappedDatabase(path: cache.path).hiddenPlaceIDs().isEmpty)
    }
}

import Foundation
import GeoKit
import LockedState
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedFeature
import WrappedKit
import WrappedStore

/// What a person does with a deck, on the real sample photos (`../shared/data/photos/exif-samples`)
/// with the folder source, the offline gazetteer and a real cache file: hide and show a place
/// again, tap through the cards, pause auto-advance.
@MainActor
@Suite(
    "Photo Wrapped deck flows on the real sample photos",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))
    ))
struct DeckFlowTests {
    let photos = SharedData.url("photos/exif-samples").path
    let now = noon("2026-06-01")

    func app(cache: URL, hidden: any HiddenPlaceStore = InMemoryHiddenPlaceStore()) -> WrappedAppModel {
        let env = environment(
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: photos)),
            authorizer: InMemoryPhotoAuthorizer(status: .full),
            thumbnails: FolderThumbnails(root: photos), hidden: hidden, cache: cache, now: now)
        let app = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        app.home.choice = .custom
        app.home.customFrom = LocalDate(iso: "2000-01-01")!
        app.home.customTo = LocalDate(iso: "2026-06-01")!
        return app
    }

    @Test("hide the top place → it moves to Hidden places; Show again → it is back on top in a regenerated deck")
    func hideThenShowAgain() async throws {
        let cache = temporaryFolder("unhide").appendingPathComponent("wrapped.sqlite")
        let hidden = InMemoryHiddenPlaceStore()
        let deck = try #require(await app(cache: cache, hidden: hidden).generate())
        let top = try #require(deck.places.first)
        #expect(deck.hiddenPlaces.isEmpty)
        #expect(deck.cards.contains { $0.payload["place_id"] == top.id })

        await deck.hide(top.id)
        #expect(deck.problem == nil)
        #expect(deck.regeneration == nil)
        #expect(deck.hiddenPlaces.map(\.id) == [top.id])
        #expect(deck.hiddenPlaces.first?.rank == nil)
        #expect(!deck.places.contains { $0.id == top.id })
        #expect(!deck.cards.contains { $0.payload["place_id"] == top.id })
        #expect(try hidden.hiddenPlaceIDs() == [top.id])

        await deck.unhide(top.id)
        #expect(deck.problem == nil)
        #expect(deck.hiddenPlaces.isEmpty)
        #expect(deck.places.first?.id == top.id)
        #expect(deck.places.first?.rank == 1)
        #expect(deck.cards.contains { $0.payload["place_id"] == top.id })
        #expect(try hidden.hiddenPlaceIDs().isEmpty)

        // A fresh Generate with the same store agrees: the place stays back.
        let again = try #require(await app(cache: cache, hidden: hidden).generate())
        #expect(again.places.first?.id == top.id)
        #expect(again.hiddenPlaces.isEmpty)
    }

    @Test("tap halves step through the cards within bounds; a long press pauses auto-advance and shows the actions")
    func tapAndPause() async throws {
        let deck = try #require(
            await app(cache: temporaryFolder("tap").appendingPathComponent("w.sqlite")).generate())
        let count = deck.cards.count
        #expect(count >= 3)
        #expect(deck.currentIndex == 0)
        #expect(!deck.showsActions)
        deck.showPrevious()
        #expect(deck.currentIndex == 0)
        deck.showNext()
        #expect(deck.currentIndex == 1)
        deck.showPrevious()
        #expect(deck.currentIndex == 0)

        #expect(deck.autoAdvance())
        #expect(deck.currentIndex == 1)
        deck.setPaused(true)
        #expect(deck.isPaused)
        #expect(deck.showsActions)
        #expect(!deck.autoAdvance())
        #expect(deck.currentIndex == 1)
        deck.showNext()
        #expect(deck.currentIndex == 2)
        deck.setPaused(false)
        #expect(!deck.showsActions)

        while deck.autoAdvance() {}
        #expect(deck.currentIndex == count - 1)
        #expect(deck.isAtEnd)
        #expect(deck.showsActions)
        deck.showNext()
        #expect(deck.currentIndex == count - 1)
    }

    @Test("the pager loads the visible card's representative photos and lays out a tile for each; far cards stay unloaded")
    func pagerDrawsPhotos() async throws {
        let deck = try #require(
            await app(cache: temporaryFolder("pager").appendingPathComponent("w.sqlite")).generate())
        let topIndex = try #require(deck.cards.firstIndex { $0.kind == .topPlace })
        #expect(deck.cardPhotos.isEmpty)
        #expect(deck.pages[topIndex].layout.tiles.isEmpty)
        deck.currentIndex = topIndex
        await deck.loadVisiblePhotos()
        let page = deck.pages[topIndex]
        let jpegs = deck.cards[topIndex].photos.prefix(9).enumerated().filter {
            $0.element.assetID.lowercased().hasSuffix(".jpg")
        }
        #expect(!jpegs.isEmpty)
        for (photoIndex, photo) in jpegs {
            #expect(page.photos[photoIndex]?.format == .jpeg, "\(photo.assetID)")
            #expect(page.photos[photoIndex]?.pixelWidth == DeckModel.pagerPhotoPixelSize)
        }
        #expect(!page.layout.tiles.isEmpty)
        #expect(page.layout.tiles.allSatisfy { page.photos[$0.photoIndex] != nil })
        let far = deck.cards.indices.filter { abs($0 - topIndex) > 1 }
        #expect(!far.isEmpty)
        for index in far { #expect(deck.cardPhotos[index] == nil, "card \(index)") }
    }

    @Test("a run publishes the time cards while places are still being labelled; the deck then adds the place cards")
    func timeCardsFirst() async throws {
        let gate = LabelGate()
        defer { gate.open() }
        let base = try SharedLookup.lookup()
        let env = environment(
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: photos)),
            authorizer: InMemoryPhotoAuthorizer(status: .full), thumbnails: FolderThumbnails(root: photos),
            cache: temporaryFolder("early").appendingPathComponent("w.sqlite"), now: now,
            lookup: { GatedLookup(base: base, gate: gate) })
        let app = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        app.home.choice = .custom
        app.home.customFrom = LocalDate(iso: "2000-01-01")!
        let generating = Task { await app.generate() }
        // Generous: in a full parallel run the main actor (which publishes the cards) can be held
        // by other suites' bodies for a long time; the gate holds the run until the test opens it.
        let deadline = ContinuousClock.now + .seconds(300)
        while !gate.reached || app.processing?.earlyCards.isEmpty != false, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let processing = try #require(app.processing)
        #expect(processing.phase == .running)
        #expect(gate.reached)
        let early = processing.earlyCards
        let timeKinds: Set<CardKind> = [
            .title, .coverage, .peakDay, .peakMonth, .timeOfDay, .photosPerWeek, .busiestWeek, .weekday, .streak,
        ]
        #expect(early.first?.kind == .title)
        #expect(early.contains { $0.kind == .peakDay })
        #expect(early.allSatisfy { timeKinds.contains($0.kind) })

        gate.open()
        let deck = try #require(await generating.value)
        #expect(deck.cards.contains { $0.kind == .topPlace })
        for card in deck.cards where timeKinds.contains(card.kind) {
            #expect(early.contains(card), "\(card.kind)")
        }
    }
}

/// Holds the engine in Stage C (labels) until opened (or 300 s pass, so a failing test cannot hang
/// the run), so a test can look at a run mid-way; a shorter give-up let a loaded run finish before
/// the main actor had published anything. Only the first label waits: the run cannot end while it is
/// held, and the other labels go on, so at most one of the pool's threads is blocked (holding
/// every label blocked every thread of a two-core pool, and the run's own progress with them).
final class LabelGate: Sendable {
    private let state = Locked((reached: false, open: false))

    /// Whether a label was asked for.
    var reached: Bool { state.withLock { $0.reached } }

    /// Lets every waiting and later label through.
    func open() { state.withLock { $0.open = true } }

    func wait() {
        let first = state.withLock { state in
            defer { state.reached = true }
            return !state.reached
        }
        guard first else { return }
        let deadline = Date(timeIntervalSinceNow: 300)
        while !state.withLock({ $0.open }), Date() < deadline { usleep(1_000) }
    }
}

/// A place lookup whose labels wait at a ``LabelGate``.
struct GatedLookup: PlaceLookup {
    let base: any PlaceLookup
    let gate: LabelGate

    func timeZoneIdentifier(at coordinate: Coordinate) -> String? { base.timeZoneIdentifier(at: coordinate) }

    func label(at coordinate: Coordinate) -> PlaceLabel? {
        gate.wait()
        return base.label(at: coordinate)
    }
}

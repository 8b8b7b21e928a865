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

    @Test("photos that could not be read are counted under the deck; in English the cards are the builder's words")
    func unreadPhotosAndEnglishCards() async throws {
        let deck = try #require(
            await app(cache: temporaryFolder("english").appendingPathComponent("w.sqlite")).generate())
        #expect(deck.readNote == nil)
        let result = deck.result
        var built = result.deck.cards
        if let map = DeckBuilder().mapCard(places: result.visiblePlaces) { built.append(map) }
        let english = WrappedCardCopy.localized(
            built, days: result.from...result.to, places: result.places, in: .english)
        for (said, card) in zip(english, built) {
            #expect(said == card, "\(card.kind)")
        }
        let finnish = WrappedCardCopy.localized(
            built, days: result.from...result.to, places: result.places, in: .finnish)
        #expect(finnish.first?.headline.hasPrefix("Oma Photo Wrapped") == true)

        // A library with a file that is not a photo: the deck says one photo was not read.
        let folder = temporaryFolder("unread")
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        let env = environment(
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: folder.path)),
            authorizer: InMemoryPhotoAuthorizer(status: .full), thumbnails: FolderThumbnails(root: folder.path),
            cache: nil, now: now)
        let broken = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        let unread = try #require(await broken.generate())
        #expect(unread.readNote == "1 photo could not be read completely.")
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

    @Test("a run publishes the time cards from the engine's first report; the deck then adds the place cards")
    func timeCardsFirst() async throws {
        // The run is not held mid-way: a gate that blocks the engine's labelling held a thread of a
        // two-core pool, and a loaded full run then never delivered the report at all. The time
        // cards stay on the run's model, so they are read once the run has ended.
        let env = environment(
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: photos)),
            authorizer: InMemoryPhotoAuthorizer(status: .full), thumbnails: FolderThumbnails(root: photos),
            cache: temporaryFolder("early").appendingPathComponent("w.sqlite"), now: now)
        let app = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        app.home.choice = .custom
        app.home.customFrom = LocalDate(iso: "2000-01-01")!
        let generating = Task { await app.generate() }
        var run: ProcessingModel?
        while run == nil {
            run = app.processing
            await Task.yield()
        }
        let processing = try #require(run)
        let deck = try #require(await generating.value)
        let early = processing.earlyCards
        let timeKinds: Set<CardKind> = [
            .title, .coverage, .peakDay, .peakMonth, .timeOfDay, .photosPerWeek, .busiestWeek, .weekday, .streak,
        ]
        #expect(early.first?.kind == .title)
        #expect(early.contains { $0.kind == .peakDay })
        #expect(early.allSatisfy { timeKinds.contains($0.kind) })
        #expect(deck.cards.contains { $0.kind == .topPlace })
        for card in deck.cards where timeKinds.contains(card.kind) {
            #expect(early.contains(card), "\(card.kind)")
        }
    }
}

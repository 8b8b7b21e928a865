import Foundation
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedCardLayout
import WrappedFeature
import WrappedKit
import WrappedStore

/// The models driven over the real sample photos (`../shared/data/photos/exif-samples`) with the
/// folder source, the offline gazetteer and a real cache file.
@MainActor
@Suite(
    "Photo Wrapped models on the real sample photos",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))
    ))
struct FolderFlowTests {
    let photos = SharedData.url("photos/exif-samples").path
    let now = noon("2026-06-01")

    func app(root: String, status: PhotoAuthorization, cache: URL) -> WrappedAppModel {
        let env = environment(
            sources: WholeLibrarySourceFactory(FolderPhotoSource(root: root)),
            authorizer: InMemoryPhotoAuthorizer(status: status),
            thumbnails: FolderThumbnails(root: root), cache: cache, now: now)
        let app = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        app.home.choice = .custom
        app.home.customFrom = LocalDate(iso: "2000-01-01")!
        app.home.customTo = LocalDate(iso: "2026-06-01")!
        return app
    }

    @Test("Generate makes the deck (Arezzo on top); a new model reopens it from the cache, same cards")
    func reopenIsACacheHit() async throws {
        let cache = temporaryFolder("reopen").appendingPathComponent("wrapped.sqlite")
        let first = try #require(await app(root: photos, status: .full, cache: cache).generate())
        #expect(first.cacheState == .miss)
        #expect(first.places.first?.label.contains("Arezzo") == true)
        #expect(first.notice == nil)
        let secondApp = app(root: photos, status: .full, cache: cache)
        let second = try #require(await secondApp.generate())
        #expect(second.cacheState == .hit)
        #expect(second.cards == first.cards)
        #expect(secondApp.processing == nil)
        #expect(try WrappedDatabase(path: cache.path).runCount() == 1)
    }

    @Test("place detail: counts, first and last visit, and the representative photos as thumbnails")
    func placeDetail() async throws {
        let deck = try #require(
            await app(
                root: photos, status: .full,
                cache: temporaryFolder("detail").appendingPathComponent("w.sqlite")
            ).generate())
        let top = try #require(deck.result.visiblePlaces.first)
        let detail = try #require(deck.placeDetail(for: top.id))
        #expect(detail.place.photoCount == top.photoCount)
        #expect(detail.place.dayCount == top.distinctDays)
        #expect(detail.place.firstVisit == top.firstDay)
        #expect(detail.place.lastVisit == top.lastDay)
        #expect(detail.place.firstVisitLine(in: .english) == "First visit \(CardText.medium(top.firstDay))")
        #expect(detail.photoIDs == top.representativeIDs)
        #expect(detail.canHide)
        await detail.loadThumbnails(maxPixelSize: 120)
        let jpegs = top.representativeIDs.filter {
            $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg")
        }
        #expect(!jpegs.isEmpty)
        for id in jpegs { #expect(detail.thumbnails[id]?.format == .jpeg, "\(id)") }
        #expect(deck.placeDetail(for: "g120:no:such") == nil)
    }

    @Test(
        "share: only eligible cards, poster by default, the layout the Cairo renderer would draw, photos loaded first"
    )
    func share() async throws {
        let deck = try #require(
            await app(
                root: photos, status: .full,
                cache: temporaryFolder("share").appendingPathComponent("w.sqlite")
            ).generate())
        #expect(deck.shareableIndices == deck.cards.indices.filter { deck.cards[$0].shareEligible })
        let topIndex = try #require(deck.cards.firstIndex { $0.kind == .topPlace })
        deck.currentIndex = topIndex
        #expect(deck.canShareCurrent)
        #expect(deck.currentPlaceID == deck.places.first?.id)
        let share = try #require(deck.share(cardAt: topIndex))
        #expect(share.skin == .poster)
        #expect(share.card == nil)
        await share.prepare()
        let card = try #require(share.card)
        let expected = CardLayout(
            card: deck.cards[topIndex],
            photoAvailable: deck.cards[topIndex].photos.indices.map { share.photos[$0] != nil },
            measurer: FixedAdvanceMeasurer())
        #expect(card.layout == expected)
        #expect(!card.layout.tiles.isEmpty)
        #expect(card.palette == CardSkin.poster.palette(for: .topPlace))
        #expect(card.fileName == "photo-wrapped-\(String(format: "%02d", topIndex + 1))-top_place-poster.png")
        share.skin = .pastel
        #expect(share.card?.palette == CardSkin.pastel.palette(for: .topPlace))
        #expect(share.choices.map(\.index) == deck.shareableIndices)
        #expect(share.choices.first?.title == "1. \(deck.cards[0].headline)")
        #expect(!share.select(cardAt: deck.cards.count))
        #expect(share.select(cardAt: 0))
        #expect(share.card == nil)
        deck.currentIndex = 99
        #expect(deck.currentIndex == deck.cards.count - 1)
    }

    @Test(
        "a limited selection (part of the folder) gives its own deck, with the notice, beside the full one's cache"
    )
    func limitedSubset() async throws {
        let cache = temporaryFolder("limited").appendingPathComponent("wrapped.sqlite")
        let full = try #require(await app(root: photos, status: .full, cache: cache).generate())
        let selection = temporaryFolder("selection")
        let jpegs = try FileManager.default.contentsOfDirectory(atPath: photos + "/jpg").sorted()
            .filter { $0.lowercased().hasSuffix(".jpg") }
        for name in jpegs.prefix(jpegs.count / 2) {
            try FileManager.default.copyItem(
                atPath: photos + "/jpg/" + name, toPath: selection.path + "/" + name)
        }
        let limitedApp = app(root: selection.path, status: .limited, cache: cache)
        let limited = try #require(await limitedApp.generate())
        #expect(limited.cacheState == .miss)
        #expect(limited.notice == WrappedCopy.limitedNotice(in: .english))
        #expect(limited.result.stats.total < full.result.stats.total)
        #expect(limited.result.stats.total > 0)
        #expect(limited.cards != full.cards)
        let again = try #require(await app(root: photos, status: .full, cache: cache).generate())
        #expect(again.cacheState == .hit)
        #expect(again.notice == nil)
    }
}

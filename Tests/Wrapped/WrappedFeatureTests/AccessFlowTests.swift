import Foundation
import GeoKit
import Testing
import WrappedFeature
import WrappedKit

/// Access states through the app model, on the in-memory library (no shared data needed).
@MainActor
@Suite("Photo access: each state, the prompt, the sample deck")
struct AccessFlowTests {
    let now = noon("2025-12-31")

    func app(
        _ authorizer: InMemoryPhotoAuthorizer, hidden: InMemoryHiddenPlaceStore = InMemoryHiddenPlaceStore()
    )
        -> WrappedAppModel
    {
        let env = environment(
            sources: InMemoryPhotoLibraryFactory(assets: SampleWrapped.assets), authorizer: authorizer,
            thumbnails: InMemoryPhotoThumbnails(images: [:]), hidden: hidden, cache: nil, now: now,
            lookup: { SampleLookupStandIn() })
        return WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
    }

    @Test(
        "each status opens on its screen",
        arguments: [
            (PhotoAuthorization.notDetermined, AccessScreen.askForAccess, false),
            (.denied, .noAccess(message: WrappedCopy.deniedMessage(in: .english), canOpenSettings: true), false),
            (.restricted, .noAccess(message: WrappedCopy.restrictedMessage(in: .english), canOpenSettings: false), false),
            (.limited, .granted(limitedNotice: WrappedCopy.limitedNotice(in: .english)), true),
            (.full, .granted(limitedNotice: nil), true),
        ])
    func opensOn(status: PhotoAuthorization, screen: AccessScreen, home: Bool) {
        let app = app(InMemoryPhotoAuthorizer(status: status))
        #expect(app.access.screen == screen)
        #expect(app.isShowingHome == home)
        #expect(app.access.offersSampleDeck == (status == .denied || status == .restricted))
    }

    @Test(
        "Continue shows the prompt once and goes home only when photos can be read",
        arguments: PhotoAuthorization.allCases)
    func continueRoutes(answer: PhotoAuthorization) async {
        let authorizer = InMemoryPhotoAuthorizer(status: .notDetermined, answer: answer)
        let app = app(authorizer)
        await app.requestAccess()
        #expect(authorizer.prompts == 1)
        let readable = answer == .limited || answer == .full
        #expect(app.isShowingHome == readable)
        #expect(app.access.status != .notDetermined)
    }

    @Test("without access Generate does nothing and no run starts")
    func noAccessNoRun() async {
        for status in [PhotoAuthorization.notDetermined, .denied, .restricted] {
            let app = app(InMemoryPhotoAuthorizer(status: status, answer: .denied))
            #expect(await app.generate() == nil)
            #expect(!app.isShowingHome)
        }
    }

    @Test("denied: the sample deck is a real deck that can be neither shared nor edited")
    func sampleDeck() async throws {
        let hidden = InMemoryHiddenPlaceStore()
        let app = app(InMemoryPhotoAuthorizer(status: .denied), hidden: hidden)
        app.showSampleDeck()
        let deck = try #require(app.deck)
        #expect(deck.isSample)
        #expect((8...12).contains(deck.cards.count))
        #expect(deck.cards.first?.kind == .title)
        #expect(deck.places.first?.label == "Kallio, Helsinki")
        #expect(deck.notice == WrappedCopy.sampleNotice(in: .english))
        #expect(deck.shareableIndices.isEmpty)
        #expect(deck.share(cardAt: 0) == nil)
        let top = try #require(deck.places.first)
        await deck.hide(top.id)
        #expect(try hidden.hiddenPlaceIDs().isEmpty)
        #expect(deck.places.first?.id == top.id)
        #expect(deck.placeDetail(for: top.id)?.canHide == false)
        app.closeDeck()
        #expect(app.access.screen == .noAccess(message: WrappedCopy.deniedMessage(in: .english), canOpenSettings: true))
        #expect(app.deck == nil)
    }

    @Test("limited access: the deck carries the notice; full access: none")
    func limitedNotice() async throws {
        for (status, notice) in [
            (PhotoAuthorization.limited, WrappedCopy.limitedNotice(in: .english) as String?), (.full, nil),
        ] {
            let app = app(InMemoryPhotoAuthorizer(status: status))
            app.home.choice = .thisYear
            let deck = try #require(await app.generate())
            #expect(deck.notice == notice)
            #expect(deck.cacheState == .off)
            #expect(!deck.cards.isEmpty)
        }
    }

    @Test(
        "access lost while a deck is shown leads to the access screen; limited → full leads home to generate again"
    )
    func accessChanges() async throws {
        let authorizer = InMemoryPhotoAuthorizer(status: .limited)
        let app = app(authorizer)
        _ = try #require(await app.generate())
        authorizer.change(to: .full)
        app.becameActive()
        #expect(app.isShowingHome)
        #expect(app.message != nil)
        _ = try #require(await app.generate())
        authorizer.change(to: .denied)
        app.becameActive()
        #expect(!app.isShowingHome)
        #expect(app.deck == nil)
        #expect(app.access.offersSampleDeck)
    }
}

/// Labels the sample's places by the sample's own table (through the public engine types only).
struct SampleLookupStandIn: PlaceLookup {
    func timeZoneIdentifier(at coordinate: Coordinate) -> String? { "Europe/Helsinki" }
    func label(at coordinate: Coordinate) -> PlaceLabel? {
        PlaceLabel(text: coordinate.latitude > 60 ? "Helsinki" : "Elsewhere", confidence: .high)
    }
}

import Foundation
import GeoKit
import LociLocalization
import LockedState
import Testing
import WrappedFeature
import WrappedKit

/// A hidden-place store that fails to read, to write, or both: a damaged or full disk.
final class FailingHiddenPlaceStore: HiddenPlaceStore {
    let failsReading: Bool
    let failsWriting: Bool

    init(failsReading: Bool = true, failsWriting: Bool = true) {
        self.failsReading = failsReading
        self.failsWriting = failsWriting
    }

    func hiddenPlaceIDs() throws(WrappedError) -> Set<String> {
        if failsReading { throw .storeFailed("disk I/O error") }
        return []
    }

    func setPlace(_ id: String, hidden: Bool) throws(WrappedError) {
        if failsWriting { throw .storeFailed("database is locked") }
    }
}

/// A full disk.
struct NoSpaceLeft: Error, CustomStringConvertible {
    var description: String { "no space left" }
}

/// A settings store whose file cannot be written.
struct UnwritableSettingsStore: WrappedSettingsStore {
    func load() throws -> WrappedSettings? { nil }
    func save(_ settings: WrappedSettings) throws { throw NoSpaceLeft() }
}

/// Reduce Motion, what VoiceOver reads, and the failures a person is shown (with their fix), on
/// the in-memory sample library.
@MainActor
@Suite("Photo Wrapped: Reduce Motion, spoken cards, and failures shown with their fix")
struct DeckAccessibilityAndFailureTests {
    let now = noon("2025-12-31")

    func app(
        hidden: any HiddenPlaceStore = InMemoryHiddenPlaceStore(), language: AppLanguage = .english,
        settings: any WrappedSettingsStore = InMemoryWrappedSettingsStore(),
        storageProblem: String? = nil, reopen: (@Sendable () throws -> any HiddenPlaceStore)? = nil
    ) -> WrappedAppModel {
        var env = environment(
            sources: InMemoryPhotoLibraryFactory(assets: SampleWrapped.assets),
            authorizer: InMemoryPhotoAuthorizer(status: .full), thumbnails: InMemoryPhotoThumbnails(images: [:]),
            hidden: hidden, cache: nil, now: now, lookup: { SampleLookupStandIn() }, language: language)
        env.settings = settings
        env.storageProblem = storageProblem
        env.reopenStorage = reopen
        return WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
    }

    @Test("with Reduce Motion the deck never advances by itself, says so, and still moves by tap")
    func reduceMotionStopsAutoAdvance() async throws {
        let deck = try #require(await app().generate())
        #expect(deck.advancesByItself)
        #expect(deck.pacingNote == nil)
        deck.reducesMotion = true
        #expect(!deck.advancesByItself)
        #expect(!deck.autoAdvance())
        #expect(deck.currentIndex == 0)
        #expect(deck.pacingNote == WrappedCopy.reduceMotionNote(in: .english))
        #expect(deck.pacingNote?.hasPrefix("Reduce Motion is on") == true)
        deck.showNext()
        #expect(deck.currentIndex == 1)
        deck.reducesMotion = false
        #expect(deck.autoAdvance())
        #expect(deck.currentIndex == 2)
        #expect(deck.position(of: 2) == "Card 3 of \(deck.cards.count)")
    }

    @Test("the pacing note and the card position in Finnish")
    func finnishPacing() async throws {
        let deck = try #require(await app(language: .finnish).generate())
        deck.reducesMotion = true
        #expect(deck.pacingNote?.hasPrefix("Vähennä liikettä on päällä") == true)
        #expect(deck.position(of: 0) == "Kortti 1/\(deck.cards.count)")
    }

    @Test("VoiceOver reads each card's words, and the map's places by rank")
    func spokenCards() async throws {
        let deck = try #require(await app().generate())
        let pages = deck.pages
        let title = try #require(pages.first)
        #expect(title.spokenText.contains(title.card.headline))
        #expect(title.spokenText.contains(title.card.eyebrow))
        let map = try #require(pages.first { $0.card.kind == .map })
        let ids = (map.card.payload["place_ids"] ?? "").split(separator: ",")
        #expect(ids.count >= 2)
        for (rank, panel) in map.card.panels.enumerated() {
            #expect(map.spokenText.contains("\(rank + 1). \(panel.label), \(panel.detail)"))
        }
        #expect(map.spokenText.split(separator: "\n").count == 2 + map.card.lines.count + ids.count)
    }

    @Test("the share flow counts hand-offs (the haptic's trigger) and says a failed image in both languages")
    func shareHandOff() async throws {
        let deck = try #require(await app().generate())
        let share = try #require(deck.share(cardAt: 0))
        #expect(share.handOffs == 0)
        share.handOff()
        share.handOff()
        #expect(share.handOffs == 2)
        #expect(share.spokenText.contains(share.sharedCard.headline))
        #expect(share.renderFailure() == WrappedCopy.renderFailed(in: .english))
        #expect(WrappedCopy.renderFailed(in: .finnish) == "Kortin kuvaa ei voitu tehdä. Kokeile toista tyyliä tai sulje ja jaa uudelleen.")
    }

    @Test("storage that did not open is shown with its fix; Try again keeps the warning until it opens")
    func storageRetry() async throws {
        let attempts = Locked(0)
        let app = app(
            storageProblem: "disk full",
            reopen: {
                let attempt = attempts.withLock { count -> Int in
                    count += 1
                    return count
                }
                if attempt == 1 { throw WrappedError.storeFailed("still full") }
                return FailingHiddenPlaceStore(failsReading: true, failsWriting: false)
            })
        #expect(app.storageProblem == WrappedCopy.storageUnavailable("disk full", in: .english))
        #expect(app.storageFix == "Free up space on your iPhone, then tap Try again.")
        app.retryStorage()
        #expect(app.storageProblem?.contains("still full") == true)
        app.retryStorage()
        #expect(app.storageProblem == nil)
        #expect(attempts.withLock { $0 } == 2)
        // The reopened store is the one used from now on (this one cannot be read).
        #expect(await app.generate() == nil)
        #expect(app.message?.hasPrefix("Your Wrapped could not be made: ") == true)
        #expect(app.isShowingHome)
    }

    @Test("storage problems are said in Finnish in a Finnish app")
    func storageFinnish() {
        let app = app(language: .finnish, storageProblem: "disk full")
        #expect(app.storageProblem?.hasPrefix("Photo Wrapped ei voinut avata tallennustilaansa") == true)
        #expect(app.storageProblem?.hasSuffix(": disk full") == true)
        #expect(app.storageFix == "Vapauta tilaa iPhonesta ja napauta sitten Yritä uudelleen.")
    }

    @Test("a place that cannot be hidden says so on the deck, and the deck stays as it was")
    func hidingFails() async throws {
        let store = FailingHiddenPlaceStore(failsReading: false, failsWriting: true)
        let deck = try #require(await app(hidden: store).generate())
        let before = deck.cards
        let top = try #require(deck.places.first)
        await deck.hide(top.id)
        let problem = try #require(deck.problem)
        #expect(problem.hasPrefix("Hidden places could not be changed: "))
        #expect(problem.contains("database is locked"))
        #expect(deck.cards == before)
        #expect(deck.regeneration == nil)
    }

    @Test("settings that cannot be kept are shown in the person's language")
    func settingsFail() {
        let english = app(settings: UnwritableSettingsStore())
        english.home.choice = .lastYear
        #expect(english.home.settingsProblem == "Your range and filters could not be saved: no space left")
        let finnish = app(language: .finnish, settings: UnwritableSettingsStore())
        finnish.home.excludesScreenshots = true
        #expect(finnish.home.settingsProblem == "Aikaväliä ja suodattimia ei voitu tallentaa: no space left")
    }
}

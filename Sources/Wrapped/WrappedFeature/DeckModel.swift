import LociLocalization
import Observation
import WrappedCardLayout
import WrappedKit
import WrappedService

/// The pager (seed §6.4): the cards in order, the current card, which cards can be shared, the
/// places, and hiding a place, which stores it and generates the deck again without it.
@MainActor @Observable
public final class DeckModel: Identifiable {
    /// The Wrapped shown.
    public private(set) var result: WrappedResult
    /// Whether it came from the cache.
    public private(set) var cacheState: WrappedCacheState
    /// The card on screen (a pager's selection); kept within the cards.
    public var currentIndex: Int {
        get { selection }
        set { selection = clamped(newValue) }
    }
    /// The notice shown with the deck: the limited-access one, the sample one, or `nil`.
    public let notice: String?
    /// Whether the notice offers Manage Photo Access (a deck of a limited selection).
    public let offersManageAccess: Bool
    /// Whether this is the sample deck (no hiding, no sharing).
    public let isSample: Bool
    /// The run regenerating the deck after a place was hidden, while it runs.
    public private(set) var regeneration: ProcessingModel?
    /// What went wrong last (a hidden place not stored, a regeneration that failed).
    public private(set) var problem: String?
    /// Said under the deck when some photos could not be read (deleted since they were listed,
    /// an original whose metadata is damaged): how many; `nil` when every photo was read.
    public private(set) var readNote: String?

    /// Photos loaded for the pager, by card index, then photo index.
    public private(set) var cardPhotos: [Int: [Int: PhotoThumbnail]] = [:]

    private var selection = 0
    @ObservationIgnored private var photosRequested: Set<Int> = []

    @ObservationIgnored private let request: WrappedRunRequest?
    @ObservationIgnored private let thumbnails: any PhotoThumbnailSource
    @ObservationIgnored private let measurer: any TextMeasuring
    /// The language the cards and lines are written in.
    @ObservationIgnored let language: AppLanguage

    init(outcome: WrappedOutcome, request: WrappedRunRequest, measurer: any TextMeasuring) {
        result = outcome.result
        cacheState = outcome.cache
        language = request.environment.language
        readNote = Self.readNote(outcome.issues.count, in: request.environment.language)
        offersManageAccess = request.access == .limited
        notice = offersManageAccess ? WrappedCopy.limitedNotice(in: language) : nil
        isSample = false
        self.request = request
        thumbnails = request.environment.thumbnails
        self.measurer = measurer
    }

    /// The sample deck.
    init(
        sample: WrappedResult, thumbnails: any PhotoThumbnailSource, measurer: any TextMeasuring,
        language: AppLanguage
    ) {
        result = sample
        cacheState = .off
        self.language = language
        notice = WrappedCopy.sampleNotice(in: language)
        offersManageAccess = false
        isSample = true
        request = nil
        self.thumbnails = thumbnails
        self.measurer = measurer
    }

    /// The cards in play order: the run's deck, with the map of the top places before the
    /// finale when there are at least two and the deck has room (seed §16 Phase 2), their words
    /// in the model's language.
    public var cards: [Card] { Self.cards(of: result, in: language) }

    /// The deck of `result` as the pager plays it (see ``cards``), in `language`.
    static func cards(of result: WrappedResult, in language: AppLanguage) -> [Card] {
        var cards = result.deck.cards
        if !cards.isEmpty, cards.count < DeckBuilder.maximumCards,
            let map = DeckBuilder().mapCard(places: result.visiblePlaces)
        {
            cards.insert(map, at: cards.last?.kind == .collage ? cards.count - 1 : cards.count)
        }
        return WrappedCardCopy.localized(cards, days: result.from...result.to, places: result.places, in: language)
    }
    /// The card on screen, or `nil` for an empty deck.
    public var currentCard: Card? { cards.indices.contains(currentIndex) ? cards[currentIndex] : nil }
    /// Why the deck is empty, when it is ("No photos between …").
    public var emptyReason: String? {
        guard result.deck.emptyReason != nil else { return nil }
        return WrappedCopy.emptyDeck(from: result.from, to: result.to, in: language)
    }
    /// Indices of the cards that may be shared (none in the sample deck).
    public var shareableIndices: [Int] { isSample ? [] : cards.indices.filter { cards[$0].shareEligible } }
    /// Whether the Share button is offered for the card on screen.
    public var canShareCurrent: Bool { shareableIndices.contains(currentIndex) }
    /// Whether places can be hidden.
    public var canHide: Bool { !isSample && regeneration == nil }
    /// Visible places, ranked.
    public var places: [PlaceSummary] { PlaceSummary.all(in: result, language: language).filter { !$0.isHidden } }
    /// Hidden places (to show again).
    public var hiddenPlaces: [PlaceSummary] { PlaceSummary.all(in: result, language: language).filter(\.isHidden) }

    /// The skin of the cards in the pager (seed §12.3: pastel in the app).
    public static let pagerSkin = CardSkin.pastel

    /// Every card laid out for the pager, in order, with the photos loaded so far (a card whose
    /// photos are not loaded, or gave none, keeps its typographic tiles).
    public var pages: [CardPage] {
        cards.enumerated().map { index, card in
            let photos = cardPhotos[index] ?? [:]
            return CardPage(
                index: index,
                layout: CardLayout(
                    card: card, photoAvailable: card.photos.indices.map { photos[$0] != nil }, measurer: measurer),
                palette: Self.pagerSkin.palette(for: card.kind), photos: photos, card: card,
                spokenText: WrappedCardCopy.spokenText(of: card, places: result.places, in: language))
        }
    }

    /// Largest side of a pager photo, pixels (the pager shows cards at phone size, so less than
    /// a share's ``ShareModel/photoPixelSize``).
    public static let pagerPhotoPixelSize = 480

    /// Loads the representative photos of the card on screen and its neighbours (each card once;
    /// a photo that gives no thumbnail stays a typographic tile). The pager calls it whenever the
    /// card on screen changes.
    public func loadVisiblePhotos() async {
        let visible = [currentIndex, currentIndex + 1, currentIndex - 1].filter(cards.indices.contains)
        for index in visible where !photosRequested.contains(index) {
            photosRequested.insert(index)
            let deck = cards
            var loaded: [Int: PhotoThumbnail] = [:]
            for (photoIndex, photo) in deck[index].photos.prefix(9).enumerated() {
                if let image = try? await thumbnails.thumbnail(  // try?: no thumbnail draws a typographic tile
                    for: photo.assetID, maxPixelSize: Self.pagerPhotoPixelSize)
                {
                    loaded[photoIndex] = image
                }
            }
            // The deck may have been regenerated meanwhile: keep photos only for the same cards.
            guard cards == deck, !loaded.isEmpty else { continue }
            cardPhotos[index] = loaded
        }
    }

    /// The place the card on screen is about (the top place, a new place), which opens its detail.
    public var currentPlaceID: String? {
        guard let card = currentCard, card.kind == .topPlace || card.kind == .newPlace else { return nil }
        return card.payload["place_id"]
    }

    /// Moves to the next card (stays on the last): a tap on the right half of the card.
    public func showNext() { currentIndex = clamped(currentIndex + 1) }
    /// Moves to the previous card (stays on the first): a tap on the left half of the card.
    public func showPrevious() { currentIndex = clamped(currentIndex - 1) }

    /// How long a card stays before the deck advances by itself (seed §6.4, story pacing).
    public static let autoAdvanceInterval: Duration = .seconds(6)

    /// Whether auto-advance is paused (a long press on the card pauses and resumes it).
    public private(set) var isPaused = false

    /// Pauses or resumes auto-advance.
    public func setPaused(_ paused: Bool) { isPaused = paused }

    /// Whether the person asked for less motion (the system's Reduce Motion, set by the view):
    /// the deck then never advances by itself, the person goes on by tap or swipe.
    public var reducesMotion = false

    /// Whether the deck's timer should run now: not paused, not with Reduce Motion, not while
    /// regenerating, not at the end.
    public var advancesByItself: Bool { !isPaused && !reducesMotion && regeneration == nil && !isAtEnd }

    /// Said on screen (and so to VoiceOver) when the deck waits for the person because Reduce
    /// Motion is on; `nil` otherwise or with a single card.
    public var pacingNote: String? {
        reducesMotion && cards.count > 1 ? WrappedCopy.reduceMotionNote(in: language) : nil
    }

    /// "Card 3 of 10" for the card at `index` (VoiceOver's value for the card).
    public func position(of index: Int) -> String {
        WrappedCopy.cardPosition(index + 1, of: cards.count, in: language)
    }

    /// Whether the deck is at its end state (the last card, or no cards).
    public var isAtEnd: Bool { cards.isEmpty || currentIndex == cards.count - 1 }

    /// Whether the call-to-action row (Share, Regenerate, Settings) shows: on pause and at the
    /// end (seed §6.4).
    public var showsActions: Bool { isPaused || isAtEnd }

    /// One auto-advance step, called by the pager's timer every ``autoAdvanceInterval``: the next
    /// card, unless paused, regenerating, or at the end.
    /// - Returns: whether the deck moved.
    @discardableResult
    public func autoAdvance() -> Bool {
        guard advancesByItself else { return false }
        showNext()
        return true
    }

    /// The detail of place `id`, or `nil` when the deck has no such place.
    public func placeDetail(for id: String) -> PlaceDetailModel? {
        guard let place = PlaceSummary.all(in: result, language: language).first(where: { $0.id == id }) else { return nil }
        return PlaceDetailModel(place: place, canHide: !isSample && !place.isHidden, thumbnails: thumbnails) {
            [weak self] id in await self?.hide(id)
        }
    }

    /// The share flow for the card at `index`, or `nil` when it may not be shared.
    public func share(cardAt index: Int) -> ShareModel? {
        guard shareableIndices.contains(index) else { return nil }
        return ShareModel(cards: cards, index: index, thumbnails: thumbnails, measurer: measurer, language: language)
    }

    /// Hides place `id`: stores it, then generates the deck again without it.
    public func hide(_ id: String) async {
        await setPlace(id, hidden: true)
    }

    /// Shows place `id` again: stores it, then generates the deck again with it.
    public func unhide(_ id: String) async {
        await setPlace(id, hidden: false)
    }

    private func setPlace(_ id: String, hidden: Bool) async {
        guard let request, canHide else { return }
        let store = request.environment.hiddenPlaces
        let ids: Set<String>
        do {
            try store.setPlace(id, hidden: hidden)
            ids = try store.hiddenPlaceIDs()
        } catch {
            problem = WrappedCopy.hidingFailed("\(error)", in: language)
            return
        }
        var next = request
        next.hidden = ids
        let processing = ProcessingModel(request: next)
        regeneration = processing
        defer { regeneration = nil }
        guard let outcome = await processing.run() else {
            if case .failed(let reason) = processing.phase {
                problem = WrappedCopy.regenerationFailed(reason, in: language)
            }
            return
        }
        problem = nil
        if Self.cards(of: outcome.result, in: language) != cards {
            cardPhotos = [:]
            photosRequested = []
        }
        result = outcome.result
        cacheState = outcome.cache
        readNote = Self.readNote(outcome.issues.count, in: language)
        currentIndex = clamped(currentIndex)
    }

    private static func readNote(_ unread: Int, in language: AppLanguage) -> String? {
        unread == 0 ? nil : WrappedCopy.unreadPhotos(unread, in: language)
    }

    private func clamped(_ index: Int) -> Int {
        cards.isEmpty ? 0 : min(max(index, 0), cards.count - 1)
    }
}

import LociLocalization
import Observation
import WrappedCardLayout
import WrappedKit

/// The share flow (seed §12): which card, which skin, and the image to hand to the share sheet.
///
/// Only share-eligible cards can be picked. The skin defaults to the poster (seed §12.3: exports
/// use the high-contrast skin). ``prepare()`` loads the card's photos before ``card`` is offered,
/// so the image is captured only after its photos are there (seed §12.1).
@MainActor @Observable
public final class ShareModel: Identifiable {
    /// Indices into the deck's cards that may be shared.
    public let eligibleIndices: [Int]
    /// The deck index of the card being shared.
    public private(set) var cardIndex: Int
    /// The skin.
    public var skin: CardSkin = .poster
    /// Whether photos are being loaded ("Preparing share…").
    public private(set) var isPreparing = false
    /// The card's photos loaded so far, by photo index.
    public private(set) var photos: [Int: PhotoThumbnail] = [:]
    /// Whether ``prepare()`` finished for the current card.
    public private(set) var isPrepared = false
    /// How many times an image was handed to the share sheet (a haptic's trigger).
    public private(set) var handOffs = 0

    @ObservationIgnored private let cards: [Card]
    @ObservationIgnored private let thumbnails: any PhotoThumbnailSource
    @ObservationIgnored private let measurer: any TextMeasuring
    @ObservationIgnored private let language: AppLanguage

    /// Largest side of a card photo, pixels (a third of the canvas width, doubled for a strip).
    public static let photoPixelSize = 720

    init?(
        cards: [Card], index: Int, thumbnails: any PhotoThumbnailSource, measurer: any TextMeasuring,
        language: AppLanguage
    ) {
        self.language = language
        let eligible = cards.indices.filter { cards[$0].shareEligible }
        guard eligible.contains(index) else { return nil }
        self.cards = cards
        eligibleIndices = eligible
        cardIndex = index
        self.thumbnails = thumbnails
        self.measurer = measurer
    }

    /// The card being shared.
    public var sharedCard: Card { cards[cardIndex] }

    /// The cards that may be shared, for a picker: deck index and headline.
    public var choices: [ShareChoice] {
        eligibleIndices.map {
            ShareChoice(index: $0, title: WrappedCopy.shareChoice(number: $0 + 1, headline: cards[$0].headline, in: language))
        }
    }

    /// Picks another card; refused (returns false) when it may not be shared.
    @discardableResult
    public func select(cardAt index: Int) -> Bool {
        guard eligibleIndices.contains(index) else { return false }
        if index != cardIndex {
            cardIndex = index
            photos = [:]
            isPrepared = false
        }
        return true
    }

    /// The image was handed to the share sheet.
    public func handOff() { handOffs += 1 }

    /// What VoiceOver reads for the card being shared.
    public var spokenText: String { WrappedCardCopy.spokenText(of: sharedCard, places: [], in: language) }

    /// What the share screen says when the card could not be drawn into an image.
    public func renderFailure() -> String { WrappedCopy.renderFailed(in: language) }

    /// Loads the card's photos (those that fail are drawn as typographic tiles).
    public func prepare() async {
        guard !isPrepared else { return }
        isPreparing = true
        let index = cardIndex
        var loaded: [Int: PhotoThumbnail] = [:]
        for (photoIndex, photo) in cards[index].photos.prefix(9).enumerated() {
            if let image = try? await thumbnails.thumbnail(  // try?: no thumbnail draws a typographic tile
                for: photo.assetID, maxPixelSize: Self.photoPixelSize)
            {
                loaded[photoIndex] = image
            }
        }
        isPreparing = false
        guard index == cardIndex else { return }
        photos = loaded
        isPrepared = true
    }

    /// The layout of the card with the photos loaded so far.
    public var layout: CardLayout {
        let card = sharedCard
        return CardLayout(
            card: card, photoAvailable: card.photos.indices.map { photos[$0] != nil }, measurer: measurer)
    }

    /// The image for the share sheet, once the photos are loaded; `nil` while preparing.
    public var card: ShareableCard? {
        guard isPrepared else { return nil }
        let card = sharedCard
        let number = String(cardIndex + 1)
        let padded = String(repeating: "0", count: max(0, 2 - number.count)) + number
        return ShareableCard(
            layout: layout, palette: skin.palette(for: card.kind), photos: photos,
            fileName: "photo-wrapped-\(padded)-\(card.kind.rawValue)-\(skin.rawValue).png",
            title: card.headline)
    }
}

/// A card the share flow offers: its deck index and a title for the picker.
public struct ShareChoice: Sendable, Equatable, Identifiable {
    /// The card's index in the deck.
    public var index: Int
    /// "3. Your #1 place: …".
    public var title: String

    /// The index.
    public var id: Int { index }
}

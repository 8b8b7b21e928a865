import CCairo
import WrappedKit

/// A rendered card: the PNG and what went into it.
public struct RenderedCard: Sendable {
    /// PNG bytes, 1080 × 1920, 8-bit RGBA.
    public var png: [UInt8]
    /// The layout that was drawn.
    public var layout: CardLayout
    /// Photos that were drawn as typographic tiles (or left out), and why.
    public var photoFailures: [PhotoFailure]
}

/// A card photo that could not be drawn.
public struct PhotoFailure: Sendable, Equatable {
    /// Index in the card's photos.
    public var photoIndex: Int
    /// Why.
    public var error: PhotoDecodeError
}

/// Renders share cards to PNG with Cairo: the skin's gradient, panels, photo tiles (decoded with
/// ``JPEGDecoder``, centre-cropped) and text in DejaVu Sans.
///
/// Photos that cannot be decoded get typographic tiles; a collage none of whose photos decodes is
/// drawn as a typographic card. Rendering never reads anything but the card's photo files.
public enum CardRenderer {
    /// Renders `card` in `skin` to PNG bytes.
    public static func png(for card: Card, skin: CardSkin) throws(CardRenderError) -> [UInt8] {
        try render(card, skin: skin).png
    }

    /// Renders `card` in `skin`, returning the PNG with its layout and the photos that failed.
    public static func render(_ card: Card, skin: CardSkin) throws(CardRenderError) -> RenderedCard {
        guard let measurer = CairoTextMeasurer() else {
            throw .canvasUnavailable(kind: card.kind, status: "no scratch surface for text measurement")
        }
        let (photos, failures) = decodePhotos(of: card)
        let layout = CardLayout(card: card, photoAvailable: photos.map { $0 != nil }, measurer: measurer)
        let png = try draw(layout, photos: photos, palette: skin.palette(for: card.kind))
        return RenderedCard(png: png, layout: layout, photoFailures: failures)
    }

    /// Which photos a card kind draws: the collage's first nine, a place card's first six (for a
    /// strip of three).
    static func photoCandidates(of card: Card) -> Range<Int> {
        switch card.kind {
        case .collage: 0..<min(9, card.photos.count)
        case .topPlace, .newPlace: 0..<min(6, card.photos.count)
        default: 0..<0
        }
    }

    /// Decodes the candidate photos; entry `i` is photo `i` or `nil`.
    static func decodePhotos(of card: Card) -> ([DecodedPhoto?], [PhotoFailure]) {
        var photos = [DecodedPhoto?](repeating: nil, count: card.photos.count)
        var failures: [PhotoFailure] = []
        let wanted = card.kind == .collage ? 9 : 3
        var decoded = 0
        for index in photoCandidates(of: card) where decoded < wanted {
            let photo = card.photos[index]
            do throws(PhotoDecodeError) {
                guard let path = photo.path else { throw .noLocalFile(assetID: photo.assetID) }
                photos[index] = try JPEGDecoder.decode(path: path, minimumSide: Int(LayoutMetrics.tileSide))
                decoded += 1
            } catch {
                failures.append(PhotoFailure(photoIndex: index, error: error))
            }
        }
        return (photos, failures)
    }
}

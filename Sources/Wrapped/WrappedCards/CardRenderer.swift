import CCairo
import Foundation
import Synchronization
import WrappedCardLayout
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

    /// Decodes the candidate photos; entry `i` is photo `i` or `nil`. A collage's nine decode
    /// concurrently (one task per photo on Dispatch's pool); a place card's in order until three
    /// have decoded.
    static func decodePhotos(of card: Card) -> ([DecodedPhoto?], [PhotoFailure]) {
        let candidates = photoCandidates(of: card)
        var results = [Result<DecodedPhoto, PhotoDecodeError>?](repeating: nil, count: card.photos.count)
        if card.kind == .collage {
            let shared = Mutex(results)
            DispatchQueue.concurrentPerform(iterations: candidates.count) { offset in
                let index = candidates.lowerBound + offset
                let result = decode(card.photos[index])
                shared.withLock { $0[index] = result }
            }
            results = shared.withLock { $0 }
        } else {
            var decoded = 0
            for index in candidates where decoded < 3 {
                results[index] = decode(card.photos[index])
                if case .success = results[index] { decoded += 1 }
            }
        }
        var photos = [DecodedPhoto?](repeating: nil, count: card.photos.count)
        var failures: [PhotoFailure] = []
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let photo): photos[index] = photo
            case .failure(let error): failures.append(PhotoFailure(photoIndex: index, error: error))
            case nil: break
            }
        }
        return (photos, failures)
    }

    private static func decode(_ photo: CardPhoto) -> Result<DecodedPhoto, PhotoDecodeError> {
        guard let path = photo.path else { return .failure(.noLocalFile(assetID: photo.assetID)) }
        return Result { () throws(PhotoDecodeError) in
            if path.hasSuffix("." + CardThumbnailStore.fileExtension) { return try CardThumbnailStore.read(path: path) }
            return try JPEGDecoder.decode(path: path, minimumSide: Int(LayoutMetrics.tileSide))
        }
    }
}

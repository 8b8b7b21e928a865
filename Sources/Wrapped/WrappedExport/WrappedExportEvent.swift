import WrappedCardLayout
import WrappedCards
import WrappedKit

/// A step of writing a Photo Wrapped deck to files (``WrappedOutcome/write(to:progress:)``),
/// reported as it happens.
public enum WrappedExportEvent: Sendable {
    /// Cards rendered so far, of the deck's cards.
    case rendering(done: Int, total: Int)
    /// Every card has been rendered.
    case renderingFinished
    /// Card `index` (0-based) could not be rendered in `skin`; the other files are written.
    case cardNotRendered(index: Int, kind: CardKind, skin: CardSkin, CardRenderError)
}

import WrappedKit

/// Why a card could not be rendered to PNG (photo problems never are: they become fallback tiles).
public enum CardRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Cairo could not create the 1080 × 1920 canvas (usually out of memory); `status` is Cairo's.
    case canvasUnavailable(kind: CardKind, status: String)
    /// Cairo failed while drawing or encoding the PNG.
    case encodingFailed(kind: CardKind, status: String)

    /// One line naming the card and the problem.
    public var description: String {
        switch self {
        case .canvasUnavailable(let kind, let status): "\(kind.rawValue) card: no canvas (\(status))"
        case .encodingFailed(let kind, let status): "\(kind.rawValue) card: PNG encoding failed (\(status))"
        }
    }
}

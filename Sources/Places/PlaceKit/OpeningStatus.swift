import Foundation

/// Whether a place is open at an instant, with the next change when it is known.
public enum OpeningStatus: Sendable, Hashable, Codable {
    /// Open; `closesAt` is the next instant it closes (or turns unknown), `nil` if that is not
    /// within ``OpeningHours/lookaheadDays`` days (24/7) or the span is open-ended (`18:00+`).
    case open(closesAt: Date?)
    /// Closed; `opensAt` is the next opening within ``OpeningHours/lookaheadDays`` days, or `nil`
    /// when there is none or the next change is to an unknown stretch.
    case closed(opensAt: Date?)
    /// Not known: no parseable hours, only holiday rules, or an `unknown`/comment-only rule.
    case unknown

    /// `true` when open, `false` when closed, `nil` when unknown.
    public var isOpen: Bool? {
        switch self {
        case .open: true
        case .closed: false
        case .unknown: nil
        }
    }
}

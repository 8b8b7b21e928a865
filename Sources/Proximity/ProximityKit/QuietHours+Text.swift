import Foundation

extension QuietHours {
    /// Parses a window written `HH:MM-HH:MM` (it may wrap midnight: `22:00-07:00`); `nil` when the
    /// text is not two ``TripValidation/minutes(_:)`` times joined by one `-`.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(start: String(parts[0]), end: String(parts[1]))
    }

    /// A window from its two ends written `HH:MM`; `nil` when either is not a time of day.
    public init?(start: String, end: String) {
        guard let start = TripValidation.minutes(start), let end = TripValidation.minutes(end) else { return nil }
        self.init(start: start, end: end)
    }

    /// The window as ``init(text:)`` reads it: `HH:MM-HH:MM`.
    public var text: String { "\(Self.clock(start))-\(Self.clock(end))" }

    /// Minutes after midnight as `HH:MM`.
    public static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
}

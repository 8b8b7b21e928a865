import Foundation

/// The time range of a Wrapped (seed §6.2): local calendar days, both ends included.
public enum WrappedRange: Sendable, Equatable, Codable {
    /// 1 January of the current year → today.
    case thisYear
    /// The whole previous calendar year.
    case lastYear
    /// The 30 days ending today.
    case last30Days
    /// Explicit first and last day.
    case custom(from: LocalDate, to: LocalDate)

    /// Parses `this-year`, `last-year`, `last-30-days` or `YYYY-MM-DD..YYYY-MM-DD`.
    /// - Throws: ``WrappedError/invalidRange(_:reason:)`` saying what is wrong.
    public init(parsing text: String) throws(WrappedError) {
        switch text {
        case "this-year": self = .thisYear
        case "last-year": self = .lastYear
        case "last-30-days": self = .last30Days
        default:
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2 else {
                throw .invalidRange(text, reason: "expected this-year, last-year, last-30-days or FROM..TO (YYYY-MM-DD..YYYY-MM-DD)")
            }
            guard let from = LocalDate(iso: parts[0]) else { throw .invalidRange(text, reason: "'\(parts[0])' is not a date YYYY-MM-DD") }
            guard let to = LocalDate(iso: parts[1]) else { throw .invalidRange(text, reason: "'\(parts[1])' is not a date YYYY-MM-DD") }
            guard from <= to else { throw .invalidRange(text, reason: "the first day is after the last") }
            self = .custom(from: from, to: to)
        }
    }

    /// The first and last day of the range on `today`.
    public func days(today: LocalDate) -> ClosedRange<LocalDate> {
        switch self {
        case .thisYear: return LocalDate(year: today.year, month: 1, day: 1)!...today
        case .lastYear: return LocalDate(year: today.year - 1, month: 1, day: 1)!...LocalDate(year: today.year - 1, month: 12, day: 31)!
        case .last30Days: return today.adding(days: -29)...today
        case .custom(let from, let to): return from...to
        }
    }
}

/// Errors of the Photo Wrapped engine, each saying what was wrong.
public enum WrappedError: Error, Equatable, CustomStringConvertible {
    /// A range argument that cannot be read.
    case invalidRange(String, reason: String)
    /// The photo source failed as a whole (not one file: those are scan issues).
    case sourceFailed(String)
    /// The derived-data store failed.
    case storeFailed(String)

    public var description: String {
        switch self {
        case .invalidRange(let text, let reason): "invalid range '\(text)': \(reason)"
        case .sourceFailed(let message): "photo source failed: \(message)"
        case .storeFailed(let message): "wrapped store: \(message)"
        }
    }
}

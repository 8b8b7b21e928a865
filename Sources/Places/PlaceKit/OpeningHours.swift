import Foundation
import LockedState

/// An OSM `opening_hours` value, parsed once and evaluated at any instant in any time zone.
///
/// Supported (see <https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification>):
/// `24/7`; rules joined by `;` (a later rule replaces earlier ones on the days it selects), by
/// `,` where the comma cannot continue a list (an additional rule: adds its times, or with
/// `off` cuts them) and by `||` (a fallback used on days no earlier rule selected); weekdays
/// `Mo`, `Mo-Fr`, `Sa,Su`, wrapping `Fr-Mo`, nth weekday `Th[4]`, `Su[-1]`; months and dates
/// `Jan-Mar:`, `Dec 25`, `Jun 06-Aug 13`, `2017 Jul 1 - 2017 Aug 8`; times `08:00-18:00`, several
/// spans, spans over midnight (`22:00-02:00` belongs to the day it starts and keeps counting the
/// next morning even if a later rule names that next day), `24:00`, extended times (`26:00`),
/// open ends (`18:00+`, open until midnight with no known closing time); modifiers `open`,
/// `off`/`closed` (with times: closes only those times), `unknown`; comments (ignored; a rule
/// that is only a comment means unknown). Lenient: bare hours (`10-18`), lower-case weekdays,
/// a missing `;` before a rule starting with a weekday or month.
///
/// Holidays: `PH` (public) and `SH` (school) dates are unknown to Loci. A rule that selects only
/// holidays (`PH off`, `SH Mo-Fr 09:00-12:00`) is skipped, because no date is known to be a
/// holiday; in a list with weekdays (`Su,PH 10:00-14:00`) only the weekdays count. So
/// `Mo-Fr 09:00-17:00; PH off` answers open on a Monday that is in fact a holiday;
/// ``mentionsHolidays`` lets a UI add a caveat. A value whose every rule is skipped answers
/// `.unknown`.
///
/// Anything else (sunrise/dusk, week numbers, `PH +1 day`, prose) is kept as ``raw`` and
/// answers `.unknown`; nothing here throws at the caller or traps on input.
public struct OpeningHours: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tag value exactly as given.
    public let raw: String
    /// The parse, done on first use and shared by every copy of this value (a place read from
    /// the store for a result list is never evaluated unless its hours are asked for).
    private let parsed: ParsedOpeningHours

    /// Why parsing failed, or `nil` when ``isParsed``.
    public var parseError: OpeningHoursParseError? { parsed.value.error }
    /// Whether a `PH` or `SH` selector appears (holiday rules are skipped; see the type docs).
    public var mentionsHolidays: Bool { parsed.value.mentionsHolidays }
    var rules: [OHRule] { parsed.value.rules }

    /// How far ahead `closesAt`/`opensAt` are searched: 8 days of 24 hours.
    public static let lookaheadDays = 8

    /// Keeps the value; it is parsed leniently on first use (an unparseable value answers
    /// `.unknown`).
    public init(_ raw: String) {
        self.raw = raw
        self.parsed = ParsedOpeningHours(raw: raw)
    }

    /// Parses strictly, for callers (validators, importers' reports) that want the reason.
    ///
    /// - Throws: ``OpeningHoursParseError`` with the character offset where reading stopped.
    public init(parsing raw: String) throws(OpeningHoursParseError) {
        let result = ParsedOpeningHours.parse(raw)
        if let error = result.error { throw error }
        self.raw = raw
        self.parsed = ParsedOpeningHours(raw: raw, result: result)
    }

    /// Whether the value was understood (otherwise every status is `.unknown`).
    public var isParsed: Bool { parseError == nil }

    /// The status at `instant` for a place in `timeZone`.
    ///
    /// Local days are built with a Gregorian `Calendar` in `timeZone`, so DST days have 23 or 25
    /// hours. A local time that does not exist (skipped by a spring-forward) resolves to the
    /// instant after the gap (Foundation's behaviour: 03:30 on the Helsinki change day is 04:30
    /// EEST); a repeated local time resolves to its first occurrence.
    ///
    /// - Complexity: O(r × d) for r rules over the d = 10 local days examined.
    public func status(at instant: Date, in timeZone: TimeZone) -> OpeningStatus {
        guard isParsed, rules.contains(where: { !$0.holidayOnly }) else { return .unknown }
        return OHEvaluator(rules: rules, timeZone: timeZone).status(at: instant)
    }

    /// `true` open, `false` closed, `nil` unknown, at `instant` in `timeZone`.
    public func isOpen(at instant: Date, in timeZone: TimeZone) -> Bool? {
        status(at: instant, in: timeZone).isOpen
    }

    /// The raw value.
    public var description: String { raw }

    /// Equal when the raw values are equal (the parse is a function of the raw value).
    public static func == (lhs: OpeningHours, rhs: OpeningHours) -> Bool { lhs.raw == rhs.raw }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }

    /// Decodes the raw string and parses it leniently.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the raw string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

/// The outcome of parsing one `opening_hours` value.
struct OpeningHoursParse: Sendable {
    var rules: [OHRule]
    var mentionsHolidays: Bool
    var error: OpeningHoursParseError?
}

/// Parses on first read, once, under a lock (copies of an ``OpeningHours`` share the box).
final class ParsedOpeningHours: Sendable {
    private let raw: String
    private let result: Locked<OpeningHoursParse?>

    init(raw: String, result: OpeningHoursParse? = nil) {
        self.raw = raw
        self.result = Locked(result)
    }

    var value: OpeningHoursParse {
        result.withLock { result in
            if let result { return result }
            let parsed = Self.parse(raw)
            result = parsed
            return parsed
        }
    }

    static func parse(_ raw: String) -> OpeningHoursParse {
        do throws(OpeningHoursParseError) {
            let tokens = try OHTokenizer.tokenize(raw)
            var parser = OHParser(tokens: tokens, endOffset: raw.count)
            let rules = try parser.parseValue()
            return OpeningHoursParse(rules: rules, mentionsHolidays: parser.mentionsHolidays, error: nil)
        } catch {
            return OpeningHoursParse(rules: [], mentionsHolidays: false, error: error)
        }
    }
}

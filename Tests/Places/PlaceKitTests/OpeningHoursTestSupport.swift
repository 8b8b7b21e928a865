import Foundation
import Testing

@testable import PlaceKit

/// One hand-reasoned evaluation: the value, the instant (ISO 8601 with offset), the zone, and
/// the expected status and next change (ISO 8601, or nil).
struct OpeningHoursCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable { case open, closed, unknown }

    let value: String
    let instant: String
    let zone: String
    let expected: Expected
    let next: String?

    init(
        _ value: String, _ instant: String, _ expected: Expected, _ next: String?,
        zone: String = "Europe/Helsinki"
    ) {
        self.value = value
        self.instant = instant
        self.zone = zone
        self.expected = expected
        self.next = next
    }

    var testDescription: String { "\(value) @ \(instant) \(zone)" }

    /// Evaluates the case and checks status and next change.
    func check() throws {
        let hours = OpeningHours(value)
        let zone = try #require(TimeZone(identifier: zone))
        let instant = try #require(Self.date(instant))
        let status = hours.status(at: instant, in: zone)
        let next = try next.map { try #require(Self.date($0)) }
        switch expected {
        case .open: #expect(status == .open(closesAt: next), "\(status)")
        case .closed: #expect(status == .closed(opensAt: next), "\(status)")
        case .unknown: #expect(status == .unknown, "\(status)")
        }
        #expect(hours.isOpen(at: instant, in: zone) == status.isOpen)
    }

    static func date(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}

import Foundation
import LociTestSupport
import Testing

@testable import PlaceKit

/// Random token soup must never trap: it parses or answers unknown.
@Suite("Opening hours robustness")
struct OpeningHoursFuzzTests {
    static let pieces = [
        "Mo", "Tu-Th", "Fr-Mo", "Su", "PH", "SH", "Jan", "Dec 25", "2017", "Th[4]", "Su[-1]", "[", "]",
        "08:00", "24:00", "26:00", "99:99", "7", "48", "-", "+", ",", ";", "||", ":", "/", "24/7",
        "off", "open", "unknown", "\"note\"", "\"", " ", "dusk", "é", "12:5", "00:00-24:00",
    ]

    @Test("random values never trap", arguments: [1, 2, 3, 4] as [UInt64])
    func randomValues(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        let instant = Date(timeIntervalSince1970: 1_748_858_400)
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &generator)
            let value = (0..<count).compactMap { _ in Self.pieces.randomElement(using: &generator) }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            let hours = OpeningHours(value)
            let status = hours.status(at: instant, in: zone)
            if !hours.isParsed { #expect(status == .unknown, "\(value)") }
        }
    }
}

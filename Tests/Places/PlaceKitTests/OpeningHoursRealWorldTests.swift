import Foundation
import Testing

@testable import PlaceKit

/// Every distinct `opening_hours` value in the project's OSM extracts (Baltimore, Helsinki,
/// Monaco, two New York neighbourhoods), one per line, decoded from osmium's OPL output.
@Suite("Opening hours from real OSM data")
struct OpeningHoursRealWorldTests {
    static func values() throws -> [String] {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/opening-hours-real", withExtension: "txt"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// 604 of 612 values parse (98.7 %); the rest are prose ("Seasonal, only summer time"),
    /// 12-hour clocks ("11am - 11pm"), `dusk`, or bare hours with no span ("Su 8").
    @Test("every real value parses or is marked unknown, and at least 98 % parse")
    func realValues() throws {
        let values = try Self.values()
        #expect(values.count > 500)
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        let instants = [
            Date(timeIntervalSince1970: 1_748_858_400),  // 2025-06-02T10:00:00Z, a Monday
            Date(timeIntervalSince1970: 1_743_285_600),  // 2025-03-29T22:00:00Z, a DST night
        ]
        var parsed = 0
        for value in values {
            let hours = OpeningHours(value)
            let statuses = instants.map { hours.status(at: $0, in: zone) }
            if hours.isParsed {
                parsed += 1
            } else {
                #expect(statuses.allSatisfy { $0 == .unknown }, "\(value)")
            }
        }
        let share = Double(parsed) / Double(values.count)
        #expect(share >= 0.98, "parsed \(parsed) of \(values.count)")
    }
}

import Foundation
import GeoKit
import Testing
@testable import WrappedKit

@Suite("The engine and its deck")
struct WrappedEngineTests {
    let home = Coordinate(uncheckedLatitude: 60.1841, longitude: 24.9503)
    let office = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    let rome = Coordinate(uncheckedLatitude: 41.8986, longitude: 12.4769)
    var lookup: TableLookup {
        TableLookup(entries: [
            (home, 600, "Kallio, Helsinki", "Europe/Helsinki"), (office, 600, "Kluuvi, Helsinki", "Europe/Helsinki"),
            (rome, 5_000, "Rome, Lazio", "Europe/Rome"),
        ])
    }
    var engine: WrappedEngine { WrappedEngine(lookup: lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!) }
    var year2025: ClosedRange<LocalDate> { LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-12-31")! }

    /// A year: home on 60 days, the office on 30 days, a week in Rome in August (14 photos a day
    /// at 20:00), plus 2024 history at home and the office (so only Rome is new in 2025).
    func library(withHistory: Bool = true) -> [PhotoAsset] {
        var assets: [PhotoAsset] = []
        for day in 0..<60 {
            let date = LocalDate(iso: "2025-01-03")!.adding(days: day * 5)
            assets.append(Library.photo("home-\(day)", "\(date) 18:30:00", home.latitude, home.longitude, offset: 7_200))
            assets.append(Library.photo("home-\(day)b", "\(date) 19:10:00", home.latitude, home.longitude, offset: 7_200))
        }
        for day in 0..<30 {
            let date = LocalDate(iso: "2025-02-02")!.adding(days: day * 7)
            assets.append(Library.photo("office-\(day)", "\(date) 12:00:00", office.latitude, office.longitude, offset: 7_200))
        }
        for day in 0..<7 {
            for shot in 0..<14 {
                let spot = Library.offset(rome, north: Double(shot) * 5, east: 0)
                assets.append(Library.photo("rome-\(day)-\(shot)", "2025-08-1\(day) 20:\(LocalDate.pad(shot * 4, 2)):00", spot.latitude, spot.longitude, offset: nil))
            }
        }
        if withHistory {
            for day in 0..<30 {
                let date = LocalDate(iso: "2024-03-01")!.adding(days: day)
                let spot = day.isMultiple(of: 2) ? home : office
                assets.append(Library.photo("old-\(day)", "\(date) 10:00:00", spot.latitude, spot.longitude, offset: 7_200))
            }
        }
        assets.append(PhotoAsset(id: "undated", captureTime: nil, coordinate: home))
        return assets
    }

    @Test("stages arrive in order A, B, C, deck, and the deck has 8–12 cards with the seed's core cards")
    func stagesAndDeck() throws {
        var stages: [String] = []
        let result = engine.run(library(), range: year2025) { event in
            switch event {
            case .timeStats: stages.append("A")
            case .places: stages.append("B")
            case .labels: stages.append("C")
            case .deck: stages.append("deck")
            }
        }
        #expect(stages == ["A", "B", "C", "deck"])
        #expect(result.stats.total == 120 + 30 + 98)
        #expect(result.undatedCount == 1)
        let kinds = result.deck.cards.map(\.kind)
        #expect((8...12).contains(kinds.count))
        #expect(kinds.first == .title)
        #expect(kinds.last == .collage)
        #expect(kinds.contains(.topPlace) && kinds.contains(.topPlaces) && kinds.contains(.peakDay))
        let top = try #require(result.deck.cards.first { $0.kind == .topPlace })
        #expect(top.headline == "Kallio, Helsinki")  // 60 days beat Rome's 98 photos on 7 days
        #expect(result.visiblePlaces.map(\.displayLabel) == ["Kallio, Helsinki", "Kluuvi, Helsinki", "Rome, Lazio"])
        var perDay: [String: Int] = [:]
        for asset in library() {
            if case .wallClock(let wall, _) = asset.captureTime, wall.date.year == 2025 { perDay[wall.date.description, default: 0] += 1 }
        }
        let peak = try #require(perDay.max { ($0.value, $1.key) < ($1.value, $0.key) })
        #expect(result.deck.cards.first { $0.kind == .peakDay }?.payload["date"] == peak.key)
        #expect(result.deck.cards.first { $0.kind == .peakDay }?.payload["photos"] == String(peak.value))
    }

    @Test("Rome's photos without an offset take Rome's zone; photos at 20:xx make the evening the busiest window")
    func timeSources() {
        let result = engine.run(library(), range: year2025)
        #expect(result.stats.timeSources[.locationZone] == 98)
        #expect(result.stats.timeSources[.exifOffset] == 150)
        #expect(result.stats.busiestWindow?.startHour == 18)
    }

    @Test("the new-place card names Rome only when history shows it was new")
    func newPlace() throws {
        let withHistory = engine.run(library(), range: year2025)
        let card = try #require(withHistory.deck.cards.first { $0.kind == .newPlace })
        #expect(card.headline.contains("Rome, Lazio"))
        #expect(card.payload["date"] == "2025-08-10")
        let without = engine.run(library(withHistory: false), range: year2025)
        #expect(!without.deck.cards.contains { $0.kind == .newPlace })
    }

    @Test("hiding the top place removes it from place cards, counts and the collage, and the next one moves up")
    func hidePlace() throws {
        let first = engine.run(library(), range: year2025)
        let homeID = try #require(first.visiblePlaces.first?.id)
        let hidden = engine.run(library(), range: year2025, hidden: [homeID])
        #expect(hidden.visiblePlaces.first?.displayLabel == "Kluuvi, Helsinki")
        #expect(hidden.places.first { $0.id == homeID }?.isHidden == true)
        let distinct = try #require(hidden.deck.cards.first { $0.kind == .distinctPlaces })
        #expect(distinct.payload["places"] == "2")
        let collage = try #require(hidden.deck.cards.first { $0.kind == .collage })
        #expect(!collage.photos.contains { $0.assetID.hasPrefix("home-") })
        #expect(hidden.stats.total == first.stats.total)
    }

    @Test("under 20 % located the low-coverage deck replaces place cards with weekly, weekday and streak cards")
    func lowCoverage() {
        let assets = (0..<120).map { i in
            let date = LocalDate(iso: "2025-03-01")!.adding(days: i / 2)
            return Library.photo("t\(i)", "\(date) 1\(i % 10):00:00", i < 10 ? home.latitude : nil, i < 10 ? home.longitude : nil)
        }
        let result = engine.run(assets, range: year2025)
        let kinds = Set(result.deck.cards.map(\.kind))
        #expect(result.deck.isLowCoverage)
        #expect(kinds.isSuperset(of: [.photosPerWeek, .busiestWeek, .weekday, .streak]))
        #expect(kinds.isDisjoint(with: [.topPlace, .topPlaces, .distinctPlaces]))
        #expect(result.deck.cards.first { $0.kind == .streak }?.payload["days"] == "60")
        #expect((8...12).contains(result.deck.cards.count))
    }

    @Test("an empty range gives no cards and says why")
    func emptyRange() {
        let result = engine.run(library(), range: LocalDate(iso: "2030-01-01")!...LocalDate(iso: "2030-12-31")!)
        #expect(result.deck.cards.isEmpty)
        #expect(result.deck.emptyReason?.contains("No photos") == true)
    }

    @Test("the same input gives the same result (determinism)")
    func deterministic() {
        let a = engine.run(library(), range: year2025)
        let b = engine.run(library().reversed(), range: year2025)
        #expect(a == b)
    }

    @Test("the rhythm card speaks per week, per month, or not at all when photos are too sparse", arguments: [
        (60, 3, "a week"), (30, 12, "a month"), (20, 60, nil),
    ])
    func rhythm(photos: Int, months: Int, expected: String?) {
        let days = months * 30
        let assets = (0..<photos).map { i in
            Library.photo("r\(i)", "\(LocalDate(iso: "2020-01-01")!.adding(days: i * days / photos)) 10:00:00", nil, nil)
        }
        let result = engine.run(assets, range: LocalDate(iso: "2020-01-01")!...LocalDate(iso: "2025-12-31")!)
        let card = result.deck.cards.first { $0.kind == .photosPerWeek }
        if let expected {
            #expect(card?.headline.hasSuffix(expected + ".") == true, "\(String(describing: card?.headline))")
        } else {
            #expect(card == nil)
        }
        #expect(result.deck.cards.first?.eyebrow == (months > 12 ? "2020 – 2024" : "2020"))
    }
}

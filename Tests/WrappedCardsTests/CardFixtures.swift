import WrappedKit

/// Cards in the seed's voice (§7.1), and ones built to break layouts.
enum CardFixtures {
    static let title = Card(
        kind: .title, eyebrow: "2025", headline: "Your Photo Wrapped 2025", lines: ["4,812 photos · 212 days"])
    static let coverage = Card(
        kind: .coverage, eyebrow: "Your year in numbers", headline: "You took 4,812 photos. 62% had location data.")
    static let topPlace = Card(
        kind: .topPlace, eyebrow: "Your #1 place", headline: "Kallio, Helsinki", lines: ["212 photos · 40 days"])
    static let topPlaces = Card(
        kind: .topPlaces, eyebrow: "Your top places", headline: "Where you kept coming back",
        panels: [
            .init(rank: 2, label: "Suomenlinna, Helsinki", detail: "140 photos · 12 days"),
            .init(rank: 3, label: "Arezzo, Tuscany", detail: "96 photos · 3 days"),
        ])
    static let peakDay = Card(
        kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday 14 June", lines: ["311 photos"])

    static let all = [title, coverage, topPlace, topPlaces, peakDay]

    /// A 200-character label mixing Latin, CJK, emoji and right-to-left scripts, with no spaces
    /// for long stretches.
    static let hostileLabel: String = {
        let parts = [
            "Kauppatorinranta", "東京都渋谷区神宮前一丁目", "🏙️🌉🚲", "תל־אביב־יפו", "القاهرةالجديدة",
            "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch",
        ]
        var text = ""
        var index = 0
        while text.count < 200 {
            text += parts[index % parts.count] + (index % 3 == 2 ? " " : "")
            index += 1
        }
        return String(text.prefix(200))
    }()

    /// The same card with every text emptied (panels and photos kept).
    static func withoutTexts(_ card: Card) -> Card {
        var copy = card
        copy.eyebrow = ""
        copy.headline = ""
        copy.lines = []
        copy.panels = card.panels.map { .init(rank: $0.rank, label: "", detail: "") }
        copy.payload = [:]
        return copy
    }
}

import Testing
import WrappedKit

/// Cards in the seed's voice (§7.1), and ones built to break layouts: shared by the layout tests
/// and the renderer tests.
public enum CardFixtures {
    public static let title = Card(
        kind: .title, eyebrow: "2025", headline: "Your Photo Wrapped 2025", lines: ["4,812 photos · 212 days"]
    )
    public static let coverage = Card(
        kind: .coverage, eyebrow: "Your year in numbers",
        headline: "You took 4,812 photos. 62% had location data.")
    public static let topPlace = Card(
        kind: .topPlace, eyebrow: "Your #1 place", headline: "Kallio, Helsinki",
        lines: ["212 photos · 40 days"])
    public static let topPlaces = Card(
        kind: .topPlaces, eyebrow: "Your top places", headline: "Where you kept coming back",
        panels: [
            .init(rank: 2, label: "Suomenlinna, Helsinki", detail: "140 photos · 12 days"),
            .init(rank: 3, label: "Arezzo, Tuscany", detail: "96 photos · 3 days"),
        ])
    public static let peakDay = Card(
        kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday 14 June", lines: ["311 photos"])

    public static let all = [title, coverage, topPlace, topPlaces, peakDay]

    /// A 200-character label mixing Latin, CJK, emoji and right-to-left scripts, with no spaces
    /// for long stretches.
    public static let hostileLabel: String = {
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
    public static func withoutTexts(_ card: Card) -> Card {
        var copy = card
        copy.eyebrow = ""
        copy.headline = ""
        copy.lines = []
        copy.panels = card.panels.map { .init(rank: $0.rank, label: "", detail: "") }
        copy.payload = [:]
        return copy
    }

    /// Every card kind with the hostile label in every text, six panels and nine photos without
    /// files: the worst a layout meets.
    public static let hostileCards: [Card] = CardKind.allCases.map { kind in
        let label = hostileLabel
        return Card(
            kind: kind, eyebrow: label, headline: label, lines: [label, label, label, label, label],
            panels: (1...6).map { Card.Panel(rank: $0, label: label, detail: label) },
            photos: (0..<9).map { CardPhoto(assetID: "a\($0)", path: nil) }, payload: ["year": label])
    }

    /// A collage card whose photo `i` is `asset-i` at `paths[i]`.
    public static func collage(_ paths: [String?]) -> Card {
        Card(
            kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
            photos: paths.enumerated().map { CardPhoto(assetID: "asset-\($0.offset)", path: $0.element) })
    }
}

extension Card: CustomTestStringConvertible {
    /// The kind, which names a parameterised test case.
    public var testDescription: String { kind.rawValue }
}

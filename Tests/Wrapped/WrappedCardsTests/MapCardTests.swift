import GeoKit
import Testing
import WrappedCardLayout
import WrappedKit

@testable import WrappedCards

/// The map card of the top places: built from places, laid out once (the layout both renderers
/// draw), and drawn by Cairo with a dot per place where the layout put it.
@Suite("Map card")
struct MapCardTests {
    /// Helsinki (Kallio), Espoo (west), Turku (far west), Tampere (north).
    static let places: [PlaceCluster] = [
        place("kallio", 60.1841, 24.9507, "Kallio, Helsinki", photos: 300),
        place("espoo", 60.2055, 24.6559, "Espoo", photos: 120),
        place("turku", 60.4518, 22.2666, "Turku", photos: 80),
        place("tampere", 61.4978, 23.7610, "Tampere", photos: 40),
        place("hidden", 65.0, 25.5, "Oulu", photos: 30, hidden: true),
    ]

    static func place(
        _ id: String, _ lat: Double, _ lon: Double, _ label: String, photos: Int, hidden: Bool = false
    ) -> PlaceCluster {
        PlaceCluster(
            id: id, centroid: try! Coordinate(latitude: lat, longitude: lon), radius: 100, photoCount: photos,
            distinctDays: photos / 10, firstDay: LocalDate(iso: "2026-01-02")!, lastDay: LocalDate(iso: "2026-05-02")!,
            assetIDs: [], representativeIDs: [], label: PlaceLabel(text: label, confidence: .high), isHidden: hidden)
    }

    @Test("the card: visible places only, in rank order, panels for the first two; fewer than two → none")
    func card() throws {
        let card = try #require(DeckBuilder().mapCard(places: Self.places))
        #expect(card.kind == .map)
        #expect(card.payload["place_ids"] == "kallio,espoo,turku,tampere")
        #expect(card.panels.map(\.label) == ["Kallio, Helsinki", "Espoo"])
        #expect(card.panels.first?.detail == "300 photos · 30 days")
        #expect(DeckBuilder().mapCard(places: [Self.places[0], Self.places[4]]) == nil)
    }

    @Test("the layout puts a ranked dot per place inside the map panel, west to the left, north up")
    func layout() throws {
        let card = try #require(DeckBuilder().mapCard(places: Self.places))
        let layout = CardLayout(card: card, measurer: try #require(CairoTextMeasurer()))
        #expect(layout.pins.map(\.rank) == [1, 2, 3, 4])
        #expect(layout.pins.map(\.label.text) == ["1", "2", "3", "4"])
        let map = try #require(layout.panels.first)
        for pin in layout.pins {
            #expect(map.rect.contains(pin.rect), "pin \(pin.rank)")
            #expect(CardCanvas.safeArea.contains(pin.label.rect), "label \(pin.rank)")
        }
        let x = layout.pins.map { $0.rect.x + $0.rect.width / 2 }, y = layout.pins.map { $0.rect.y + $0.rect.height / 2 }
        #expect(x[2] < x[1] && x[1] < x[0])  // Turku west of Espoo west of Kallio
        #expect(y[3] < y[0] && y[3] < y[2])  // Tampere north of all
        #expect(layout.panels.count == 3)  // the map and two place panels
        #expect(layout.allTexts.contains { $0.text == "Espoo" })
        #expect(CardLayout(card: card, measurer: try #require(CairoTextMeasurer())) == layout)
    }

    @Test("Cairo draws each dot at its layout position in the text colour, and nothing where there is no place")
    func cairoDrawsDots() throws {
        let card = try #require(DeckBuilder().mapCard(places: Self.places))
        let rendered = try CardRenderer.render(card, skin: .poster)
        let image = try #require(DecodedPNG(rendered.png))
        // Poster text is white: each dot's centre is white.
        for pin in rendered.layout.pins {
            let (r, g, b) = image.rgb(Int(pin.rect.x + pin.rect.width / 2), Int(pin.rect.y + pin.rect.height / 2))
            #expect(r > 242 && g > 242 && b > 242, "pin \(pin.rank) at \(pin.rect)")
        }
        // Without the places' coordinates the card has no map: fewer pixels differ from empty.
        var withoutPins = card
        withoutPins.payload["pins"] = nil
        let plain = try CardRenderer.render(withoutPins, skin: .poster)
        #expect(plain.layout.pins.isEmpty)
        let map = try #require(rendered.layout.panels.first)
        let other = try #require(DecodedPNG(plain.png))
        #expect(image.differingPixels(from: other, rows: Int(map.rect.y)..<Int(map.rect.maxY)) > 4_000)
    }
}

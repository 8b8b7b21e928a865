import WrappedKit

extension CardLayout {
    /// Lays `card` out on the canvas.
    ///
    /// - Parameters:
    ///   - card: The card's content.
    ///   - photoAvailable: For each of the card's photos, whether it can be drawn (decoded). A
    ///     missing entry counts as unavailable. A collage with no available photo is laid out as
    ///     a typographic card; unavailable photos among available ones get typographic tiles.
    ///   - measurer: Measures text widths (`WrappedCards.CairoTextMeasurer` when rendering with Cairo).
    public init(card: Card, photoAvailable: [Bool] = [], measurer: some TextMeasuring) {
        var stack = LayoutStack(measurer: measurer)
        let available = { (index: Int) in index < photoAvailable.count && photoAvailable[index] }
        let drawable = card.photos.indices.filter(available)
        let alignment: TextAlignment = [.title, .coverage, .collage].contains(card.kind) ? .center : .leading
        stack.alignment = alignment

        switch card.kind {
        case .title:
            let year = Self.year(in: card)
            if year?.fromEyebrow != true { stack.text(card.eyebrow, .eyebrow) }
            if let year { stack.text(year.text, .hero, maxLines: 1, sizes: 120...300) }
            stack.text(card.headline, .headline)
            stack.lines(card.lines)
        case .coverage:
            stack.text(card.eyebrow, .eyebrow)
            if let percent = Self.percentage(in: card) {
                stack.text(percent, .hero, maxLines: 1, sizes: 120...280)
            }
            stack.text(card.headline, .headline)
            stack.lines(card.lines)
        case .topPlace, .newPlace:
            stack.text(card.eyebrow, .eyebrow)
            stack.text(card.headline, .hero, maxLines: 3, sizes: 64...150)
            if let count = card.lines.first { stack.text(count, .headline, maxLines: 2, sizes: 40...64) }
            stack.lines(Array(card.lines.dropFirst()))
            stack.photoStrip(drawable.prefix(3).map { $0 })
        case .topPlaces:
            stack.text(card.eyebrow, .eyebrow)
            stack.text(card.headline, .headline, maxLines: 2)
            for panel in card.panels.prefix(LayoutMetrics.maximumPanels) { stack.panel(panel) }
            stack.lines(Array(card.lines.prefix(2)))
        case .collage where !drawable.isEmpty:
            stack.text(card.eyebrow, .eyebrow)
            stack.text(card.headline, .headline, maxLines: 2, sizes: 44...72)
            let shown = Array(card.photos.indices.prefix(9))
            stack.grid(shown, available: available)
            stack.lines(Array(card.lines.prefix(1)))
        case .map where !Self.pins(in: card).isEmpty:
            stack.text(card.eyebrow, .eyebrow)
            stack.text(card.headline, .headline, maxLines: 2, sizes: 44...72)
            stack.map(Self.pins(in: card), height: 720)
            for panel in card.panels.prefix(2) { stack.panel(panel) }
        default:
            stack.text(card.eyebrow, .eyebrow)
            stack.text(card.headline, .hero, maxLines: 4, sizes: 52...110)
            stack.lines(card.lines)
        }
        self = stack.layout(kind: card.kind)
    }

    /// The map card's places: `payload["pins"]` ("lat,lon;lat,lon", rank order), each ranked
    /// from 1; malformed entries are skipped.
    static func pins(in card: Card) -> [(rank: Int, latitude: Double, longitude: Double)] {
        guard let text = card.payload["pins"] else { return [] }
        var pins: [(rank: Int, latitude: Double, longitude: Double)] = []
        for (index, entry) in text.split(separator: ";").enumerated() {
            let parts = entry.split(separator: ",")
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
                (-90...90).contains(lat), (-180...180).contains(lon)
            else { continue }
            pins.append((index + 1, lat, lon))
        }
        return pins
    }

    /// The year a title card celebrates: `payload["year"]`, else the first 4-digit year (1900–2199)
    /// in the eyebrow, then the headline.
    static func year(in card: Card) -> (text: String, fromEyebrow: Bool)? {
        if let year = card.payload["year"], !year.isEmpty { return (year, card.eyebrow.contains(year)) }
        if let year = firstYear(in: card.eyebrow) { return (year, true) }
        return firstYear(in: card.headline).map { ($0, false) }
    }

    /// The coverage figure: `payload["coverage_percent"]` plus "%", else the first "NN %" in the
    /// headline or lines.
    static func percentage(in card: Card) -> String? {
        if let value = card.payload["coverage_percent"], !value.isEmpty { return value + "%" }
        for text in [card.headline] + card.lines {
            if let match = text.firstMatch(of: /\d{1,3}(?:[.,]\d+)?\s?%/) { return String(match.output) }
        }
        return nil
    }

    private static func firstYear(in text: String) -> String? {
        text.firstMatch(of: /(?:^|\D)((?:19|20|21)\d\d)(?!\d)/).map { String($0.output.1) }
    }
}

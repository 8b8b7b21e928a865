import Foundation
import PhotoLibrary
import WrappedCardLayout
import WrappedCards
import WrappedKit

/// What `loci wrapped` prints and writes: the deck as text or JSON, and with `--out` the
/// deck.json, the card PNGs in both skins and the HTML deck.
struct WrappedReport {
    let result: WrappedResult
    let issues: [ScanIssue]
    /// "hit", "miss" (computed and stored) or "off".
    let cache: String
    /// Where card photo thumbnails are kept (beside the cache; a temporary folder without one).
    var thumbnails: URL = FileManager.default.temporaryDirectory.appendingPathComponent("loci-thumbnails")

    // MARK: JSON

    struct Output: Encodable {
        let from: String
        let to: String
        let total: Int
        let located: Int
        let coverage_pct: Double
        let undated: Int
        let low_coverage: Bool
        let empty_reason: String?
        let time_sources: [String: Int]
        let algorithm_version: Int
        let cache: String
        let places: [PlaceOutput]
        let cards: [CardOutput]
        let issues: [ScanIssue]
    }

    struct PlaceOutput: Encodable {
        let id: String
        let rank: Int?
        let label: String
        let label_confidence: String?
        let lat: Double
        let lon: Double
        let radius_m: Double
        let photos: Int
        let days: Int
        let first_day: String
        let last_day: String
        let hidden: Bool
        let representatives: [String]
    }

    struct CardOutput: Encodable {
        let kind: String
        let eyebrow: String
        let headline: String
        let lines: [String]
        let panels: [Card.Panel]
        let photos: [String]
        let share_eligible: Bool
        let payload: [String: String]
        let png: [String: String]?
    }

    func output(pngNames: [Int: [String: String]] = [:]) -> Output {
        var rank = 0
        let places = result.places.map { place -> PlaceOutput in
            if !place.isHidden { rank += 1 }
            return PlaceOutput(
                id: place.id, rank: place.isHidden ? nil : rank, label: place.displayLabel,
                label_confidence: place.label?.confidence.rawValue, lat: place.centroid.latitude, lon: place.centroid.longitude,
                radius_m: place.radius.rounded(), photos: place.photoCount, days: place.distinctDays,
                first_day: place.firstDay.description, last_day: place.lastDay.description, hidden: place.isHidden,
                representatives: place.representativeIDs)
        }
        let cards = result.deck.cards.enumerated().map { index, card in
            CardOutput(
                kind: card.kind.rawValue, eyebrow: card.eyebrow, headline: card.headline, lines: card.lines, panels: card.panels,
                photos: card.photos.map(\.assetID), share_eligible: card.shareEligible, payload: card.payload,
                png: pngNames[index])
        }
        return Output(
            from: result.from.description, to: result.to.description, total: result.stats.total, located: result.stats.located,
            coverage_pct: (result.stats.coverage * 1_000).rounded() / 10, undated: result.undatedCount,
            low_coverage: result.deck.isLowCoverage, empty_reason: result.deck.emptyReason,
            time_sources: Dictionary(uniqueKeysWithValues: result.stats.timeSources.map { ($0.key.rawValue, $0.value) }),
            algorithm_version: result.algorithmVersion, cache: cache, places: places, cards: cards, issues: issues)
    }

    func jsonString(pngNames: [Int: [String: String]] = [:]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(output(pngNames: pngNames)), as: UTF8.self)
    }

    // MARK: Text

    func text() -> String {
        let stats = result.stats
        var lines = [
            "Photo Wrapped \(result.from) … \(result.to): \(stats.total) photos, \(Int((stats.coverage * 100).rounded()))% with a location"
                + (cache == "hit" ? " (from the cache)" : "")
        ]
        if let reason = result.deck.emptyReason { lines.append(reason) }
        for (index, card) in result.deck.cards.enumerated() {
            lines.append("")
            lines.append("\(String(format: "%2d", index + 1)). \(card.eyebrow.uppercased())  [\(card.kind.rawValue)]")
            lines.append("    \(card.headline)")
            for line in card.lines { lines.append("    \(line)") }
            for panel in card.panels { lines.append("    #\(panel.rank) \(panel.label) — \(panel.detail)") }
            if !card.photos.isEmpty { lines.append("    (\(card.photos.count) photos)") }
        }
        let visible = result.visiblePlaces
        if !visible.isEmpty {
            lines.append("")
            lines.append("Places (id — label — photos · days):")
            for (rank, place) in visible.prefix(10).enumerated() {
                lines.append("  \(rank + 1). \(place.id) — \(place.displayLabel) — \(place.photoCount) · \(place.distinctDays)")
            }
        }
        let hidden = result.places.filter(\.isHidden)
        if !hidden.isEmpty { lines.append("Hidden: " + hidden.map(\.id).joined(separator: ", ")) }
        if !issues.isEmpty {
            lines.append("")
            lines.append("\(issues.count) file(s) could not be read:")
            for issue in issues.prefix(5) { lines.append("  \(issue.path): \(issue.message)") }
            if issues.count > 5 { lines.append("  … (all of them with --json)") }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Files

    /// Writes deck.json, cards/NN-kind.{pastel,poster}.png for share-eligible cards and
    /// index.html (pastel) to `folder`, each file atomically.
    func write(to folder: String) throws {
        let root = URL(fileURLWithPath: folder)
        let cards = root.appendingPathComponent("cards")
        do {
            try FileManager.default.createDirectory(at: cards, withIntermediateDirectories: true)
        } catch {
            throw InputError("--out: cannot create \(cards.path): \(error.localizedDescription)")
        }
        var names: [Int: [String: String]] = [:]
        var pastel: [[UInt8]] = []
        // Photos are drawn from the thumbnail store (made now for the cards' photos, kept for the
        // next run), not decoded from the full files for every card and skin.
        let store = CardThumbnailStore(directory: thumbnails)
        let deck = store.prepare(result.deck)
        let bar = ProgressLine(label: "Rendering cards")
        for (index, card) in deck.cards.enumerated() {
            bar.update(index, of: deck.cards.count)
            guard card.shareEligible else {
                pastel.append([])
                continue
            }
            var files: [String: String] = [:]
            for skin in CardSkin.allCases {
                let name = "cards/\(String(format: "%02d", index + 1))-\(card.kind.rawValue).\(skin.rawValue).png"
                do {
                    let png = try CardRenderer.png(for: card, skin: skin)
                    try Self.atomicWrite(png, to: root.appendingPathComponent(name))
                    files[skin.rawValue] = name
                    if skin == .pastel { pastel.append(png) }
                } catch let error as CardRenderError {
                    ProgressLine.note("card \(index + 1) (\(card.kind.rawValue), \(skin.rawValue)) not rendered: \(error)")
                    if skin == .pastel { pastel.append([]) }
                }
            }
            names[index] = files
        }
        bar.update(result.deck.cards.count, of: result.deck.cards.count)
        bar.finish()
        try Self.atomicWrite(Array(try jsonString(pngNames: names).utf8), to: root.appendingPathComponent("deck.json"))
        try Self.atomicWrite(
            Array(DeckHTML.document(deck: deck, cardPNGs: pastel).utf8), to: root.appendingPathComponent("index.html"))
    }

    static func atomicWrite(_ bytes: [UInt8], to url: URL) throws {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw InputError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

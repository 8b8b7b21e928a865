import Foundation
import WrappedKit
import WrappedService

extension WrappedOutcome {
    /// What `loci wrapped` prints without `--json`: the headline figures, the deck card by card,
    /// the top ten places, hidden places and up to five unreadable files.
    func text() -> String {
        let stats = result.stats
        var lines = [
            "Photo Wrapped \(result.from) … \(result.to): \(stats.total) photos, \(Int((stats.coverage * 100).rounded()))% with a location"
                + (cache == .hit ? " (from the cache)" : "")
        ]
        if let reason = result.deck.emptyReason { lines.append(reason) }
        for (index, card) in result.deck.cards.enumerated() {
            lines.append("")
            lines.append(
                "\(String(format: "%2d", index + 1)). \(card.eyebrow.uppercased())  [\(card.kind.rawValue)]")
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
                lines.append(
                    "  \(rank + 1). \(place.id) — \(place.displayLabel) — \(place.photoCount) · \(place.distinctDays)"
                )
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
}

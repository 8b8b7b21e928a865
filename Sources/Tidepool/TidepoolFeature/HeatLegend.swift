import Foundation
import TidepoolClient

/// What the map's colours mean, in plain words, with the numbers taken from the server's heat
/// answer (its release parameters and the tiles in view) so the words never drift from the
/// server's configuration.
public struct HeatLegend: Sendable, Equatable {
    /// One line of the legend.
    public struct Entry: Sendable, Equatable, Identifiable {
        /// What the line explains.
        public enum Kind: String, Sendable, Equatable {
            /// The colour scale: how many people.
            case colour
            /// The outline: how alike they are to the viewer.
            case likeness
            /// Why some places show nothing.
            case threshold
            /// The noise and the time window.
            case privacy
        }

        /// What the line explains.
        public var kind: Kind
        /// The words.
        public var text: String

        /// The kind names the line.
        public var id: Kind { kind }
    }

    /// The lines, in reading order.
    public var entries: [Entry]
    /// Whether the heat is weighted by the viewer's interests (false: count-only server or no
    /// interest vector).
    public var personalised: Bool
    /// The palette the colours are drawn in (the legend's ramp follows it).
    public var palette: HeatPalette

    /// The legend for `heat` as read with (`personalised`) or without a viewer vector, drawn in
    /// `palette`.
    public init(heat: TidepoolHeat, personalised: Bool, palette: HeatPalette = .standard) {
        let meta = heat.meta
        let counts = heat.tiles.map(\.noisyCount)
        let minutes = max(1, meta.epochSeconds / 60)
        let threshold = meta.levels.filter(\.enabled).min { $0.level < $1.level }?.tau ?? meta.kMin
        let facets = meta.levels.contains { $0.vectorEpsilon > 0 }
        var entries: [Entry] = []
        var colour =
            switch palette {
            case .standard:
                "Colour is how many people were there in \(minutes) minutes: teal for a few, amber, red for many."
            case .highContrast:
                "Darker, more solid and more thickly edged is more people in \(minutes) minutes: pale yellow for a few, dark navy for many."
            }
        if let low = counts.min(), let high = counts.max() {
            colour += high > low ? " In view: about \(low) to \(high) people a place." : " In view: about \(high) people."
        }
        entries.append(Entry(kind: .colour, text: colour))
        let likenessOn = personalised && facets
        if likenessOn {
            let best = heat.tiles.map(\.similarity).max().map { MapHeatTile.Likeness($0).words }
            entries.append(
                Entry(
                    kind: .likeness,
                    text: "A stronger outline means the people there are more like you (by the interests in your profile)"
                        + (best.map { "; the most alike in view: \($0)." } ?? ".")))
        } else {
            entries.append(
                Entry(
                    kind: .likeness,
                    text: facets
                        ? "Add interests to your profile to see where people like you are."
                        : "This server shows counts only, not how alike people are to you."))
        }
        entries.append(
            Entry(
                kind: .threshold,
                text: "A place shows only when its count, with noise, reaches \(threshold): quiet places and single people never show."))
        let epsilon = String(format: "%.2g", meta.dayEpsilon)
        entries.append(
            Entry(
                kind: .privacy,
                text: "Counts have random noise added on purpose, so no one person can be picked out "
                    + "(ε = \(epsilon) a day); each picture stays up to \(Self.duration(meta.ttlSeconds))."))
        self.entries = entries
        self.personalised = likenessOn
        self.palette = palette
    }

    /// "90 minutes", "6 hours".
    static func duration(_ seconds: Int) -> String {
        seconds >= 7_200 && seconds % 3_600 == 0 ? "\(seconds / 3_600) hours" : "\(max(1, seconds / 60)) minutes"
    }
}

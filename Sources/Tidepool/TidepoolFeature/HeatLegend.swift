import Foundation
import LociLocalization
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
    /// `palette`, in `language`.
    public init(
        heat: TidepoolHeat, personalised: Bool, palette: HeatPalette = .standard, language: AppLanguage = .current
    ) {
        let meta = heat.meta
        let counts = heat.tiles.map(\.noisyCount)
        let minutes = max(1, meta.epochSeconds / 60)
        let threshold = meta.levels.filter(\.enabled).min { $0.level < $1.level }?.tau ?? meta.kMin
        let facets = meta.levels.contains { $0.vectorEpsilon > 0 }
        let likenessOn = personalised && facets
        let best = heat.tiles.map(\.similarity).max().map(MapHeatTile.Likeness.init)
        entries = [
            Entry(
                kind: .colour,
                text: TidepoolCopy.legendColour(palette, minutes: minutes, counts: counts, in: language)),
            Entry(
                kind: .likeness,
                text: TidepoolCopy.legendLikeness(personalised: personalised, facets: facets, best: best, in: language)),
            Entry(kind: .threshold, text: TidepoolCopy.legendThreshold(threshold, in: language)),
            Entry(
                kind: .privacy,
                text: TidepoolCopy.legendPrivacy(dayEpsilon: meta.dayEpsilon, ttlSeconds: meta.ttlSeconds, in: language)),
        ]
        self.personalised = likenessOn
        self.palette = palette
    }

    /// "90 minutes", "6 hours".
    static func duration(_ seconds: Int, in language: AppLanguage = .current) -> String {
        seconds >= 7_200 && seconds % 3_600 == 0
            ? TidepoolCopy.hours(seconds / 3_600, in: language) : TidepoolCopy.minutes(max(1, seconds / 60), in: language)
    }
}

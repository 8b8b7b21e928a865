import WrappedKit

/// The deck as JSON: what `loci wrapped --json` prints and `deck.json` holds. Field names are the
/// properties' camel case; the wire names (snake case, in `CodingKeys`) are a contract.
public struct WrappedDocument: Encodable, Sendable {
    /// First day of the range (YYYY-MM-DD).
    public let from: String
    /// Last day of the range (YYYY-MM-DD).
    public let to: String
    /// Photos in range.
    public let total: Int
    /// Photos in range with a location.
    public let located: Int
    /// Share of photos with a location, in percent with one decimal.
    public let coveragePercent: Double
    /// Photos with no usable capture time.
    public let undated: Int
    /// Whether too few photos had a location for place cards.
    public let lowCoverage: Bool
    /// Why the deck is empty, when it is.
    public let emptyReason: String?
    /// Photos per local-time source (`exif_offset`, `location_zone`, `device_zone`).
    public let timeSources: [String: Int]
    /// The engine's algorithm version.
    public let algorithmVersion: Int
    /// Whether the cache answered.
    public let cache: WrappedCacheState
    /// Every place, hidden ones included.
    public let places: [Place]
    /// The deck's cards, in order.
    public let cards: [CardEntry]
    /// Photos and folders that could not be read.
    public let issues: [ScanIssue]

    enum CodingKeys: String, CodingKey {
        case from, to, total, located, undated, cache, places, cards, issues
        case coveragePercent = "coverage_pct"
        case lowCoverage = "low_coverage"
        case emptyReason = "empty_reason"
        case timeSources = "time_sources"
        case algorithmVersion = "algorithm_version"
    }

    /// One place of the result.
    public struct Place: Encodable, Sendable {
        /// Stable place id (what `--hide` takes).
        public let id: String
        /// Rank among visible places (1 is the top); `nil` for a hidden place.
        public let rank: Int?
        /// The label shown.
        public let label: String
        /// `high`, `medium` or `low`; `nil` without a label.
        public let labelConfidence: String?
        /// Centroid latitude in degrees.
        public let lat: Double
        /// Centroid longitude in degrees.
        public let lon: Double
        /// Radius in metres, rounded.
        public let radiusMetres: Double
        /// Photos at the place.
        public let photos: Int
        /// Distinct local days with photos there.
        public let days: Int
        /// First day (YYYY-MM-DD).
        public let firstDay: String
        /// Last day (YYYY-MM-DD).
        public let lastDay: String
        /// Whether the user hid it.
        public let hidden: Bool
        /// Asset ids of its representative photos.
        public let representatives: [String]

        enum CodingKeys: String, CodingKey {
            case id, rank, label, lat, lon, photos, days, hidden, representatives
            case labelConfidence = "label_confidence"
            case radiusMetres = "radius_m"
            case firstDay = "first_day"
            case lastDay = "last_day"
        }
    }

    /// One card of the deck.
    public struct CardEntry: Encodable, Sendable {
        /// The card kind's wire name.
        public let kind: String
        /// The small line above the headline.
        public let eyebrow: String
        /// The main statement.
        public let headline: String
        /// Supporting lines.
        public let lines: [String]
        /// Place panels.
        public let panels: [Card.Panel]
        /// Asset ids of the card's photos.
        public let photos: [String]
        /// Whether the card may be shared as an image.
        public let shareEligible: Bool
        /// The card's values by name.
        public let payload: [String: String]
        /// PNG file names by skin, relative to the output folder (only in `deck.json`).
        public let png: [String: String]?

        enum CodingKeys: String, CodingKey {
            case kind, eyebrow, headline, lines, panels, photos, payload, png
            case shareEligible = "share_eligible"
        }
    }

    /// The document of `outcome`; `pngNames` maps a card's index to its PNG files by skin.
    public init(_ outcome: WrappedOutcome, pngNames: [Int: [String: String]] = [:]) {
        let result = outcome.result
        var rank = 0
        places = result.places.map { place in
            if !place.isHidden { rank += 1 }
            return Place(
                id: place.id, rank: place.isHidden ? nil : rank, label: place.displayLabel,
                labelConfidence: place.label?.confidence.rawValue, lat: place.centroid.latitude,
                lon: place.centroid.longitude, radiusMetres: place.radius.rounded(), photos: place.photoCount,
                days: place.distinctDays, firstDay: place.firstDay.description,
                lastDay: place.lastDay.description,
                hidden: place.isHidden, representatives: place.representativeIDs)
        }
        cards = result.deck.cards.enumerated().map { index, card in
            CardEntry(
                kind: card.kind.rawValue, eyebrow: card.eyebrow, headline: card.headline, lines: card.lines,
                panels: card.panels, photos: card.photos.map(\.assetID), shareEligible: card.shareEligible,
                payload: card.payload, png: pngNames[index])
        }
        from = result.from.description
        to = result.to.description
        total = result.stats.total
        located = result.stats.located
        coveragePercent = (result.stats.coverage * 1_000).rounded() / 10
        undated = result.undatedCount
        lowCoverage = result.deck.isLowCoverage
        emptyReason = result.deck.emptyReason
        timeSources = Dictionary(
            uniqueKeysWithValues: result.stats.timeSources.map { ($0.key.rawValue, $0.value) })
        algorithmVersion = result.algorithmVersion
        cache = outcome.cache
        issues = outcome.issues
    }
}

/// One card of a Photo Wrapped deck, described as content a renderer lays out (a share PNG, the
/// HTML deck, later a SwiftUI view): a small eyebrow line, a headline, supporting lines, optional
/// place panels and photos. The `kind` says which insight it is; ``payload`` keeps the numbers.
///
/// Texts are final copy in the seed's voice ("Your #1 place: …"); renderers do not compose them.
public struct Card: Sendable, Equatable, Codable {
    /// Which insight this card shows.
    public var kind: CardKind
    /// Small line above the headline ("2025", "Top place").
    public var eyebrow: String
    /// The main statement, short enough for large type.
    public var headline: String
    /// Supporting lines under the headline, most important first.
    public var lines: [String]
    /// Places shown as panels (top places #2–#3), in rank order.
    public var panels: [Panel]
    /// Photos to show (the collage, a place's representatives), evenly spaced in time.
    public var photos: [CardPhoto]
    /// Whether the card may be exported as a standalone image (seed §5.4).
    public var shareEligible: Bool
    /// The numbers behind the texts, for clients that format their own copy.
    public var payload: [String: String]

    /// Creates a card.
    public init(
        kind: CardKind, eyebrow: String, headline: String, lines: [String] = [], panels: [Panel] = [],
        photos: [CardPhoto] = [], shareEligible: Bool = true, payload: [String: String] = [:]
    ) {
        self.kind = kind
        self.eyebrow = eyebrow
        self.headline = headline
        self.lines = lines
        self.panels = panels
        self.photos = photos
        self.shareEligible = shareEligible
        self.payload = payload
    }

    /// A place panel: label and its numbers.
    public struct Panel: Sendable, Equatable, Codable {
        /// Rank among the visible places, from 1.
        public var rank: Int
        /// Human label ("Kallio, Helsinki"); never a street address.
        public var label: String
        /// "212 photos · 40 days".
        public var detail: String

        /// Creates a panel.
        public init(rank: Int, label: String, detail: String) {
            self.rank = rank
            self.label = label
            self.detail = detail
        }
    }
}

/// A photo referenced by a card: the asset id and, when the file is local and decodable, its path.
public struct CardPhoto: Sendable, Equatable, Codable {
    /// The asset id (stable across runs).
    public var assetID: String
    /// A local file to draw from, or `nil` (cloud-only or unknown): renderers then use a fallback.
    public var path: String?

    /// Creates a photo reference.
    public init(assetID: String, path: String?) {
        self.assetID = assetID
        self.path = path
    }
}

/// The insights a deck can contain (seed §7.1 and the low-coverage set of §7.2).
public enum CardKind: String, Sendable, Codable, CaseIterable {
    case title
    case coverage
    case topPlace = "top_place"
    case topPlaces = "top_places"
    case peakDay = "peak_day"
    case peakMonth = "peak_month"
    case timeOfDay = "time_of_day"
    case distinctPlaces = "distinct_places"
    case newPlace = "new_place"
    case photosPerWeek = "photos_per_week"
    case busiestWeek = "busiest_week"
    case weekday
    case streak
    case collage
    /// The year's top places on a map (seed §16 Phase 2); built by ``DeckBuilder/mapCard(places:)``.
    case map
}

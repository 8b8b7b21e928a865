/// Everything a Wrapped run derives (seed §9.2): the run's numbers, its places and the deck.
public struct WrappedResult: Sendable, Equatable, Codable {
    /// The first and last local day of the range.
    public var from: LocalDate
    /// The last local day of the range.
    public var to: LocalDate
    /// Stage A: totals and time statistics of the photos in range.
    public var stats: TimeStats
    /// Stage B/C: every place in range, ranked (hidden ones included and marked), labelled
    /// for the top ones.
    public var places: [PlaceCluster]
    /// The cards.
    public var deck: Deck
    /// Photos from the source without a capture time (not in any range).
    public var undatedCount: Int
    /// The algorithm version that produced it (part of the cache key).
    public var algorithmVersion: Int
    /// The photos in range (seed §9.1's stored inputs: id and creation time only), oldest first.
    public var assets: [AssetRef]

    /// Creates a result (the engine makes them; stores rebuild them).
    public init(
        from: LocalDate, to: LocalDate, stats: TimeStats, places: [PlaceCluster], deck: Deck, undatedCount: Int,
        algorithmVersion: Int, assets: [AssetRef]
    ) {
        self.from = from
        self.to = to
        self.stats = stats
        self.places = places
        self.deck = deck
        self.undatedCount = undatedCount
        self.algorithmVersion = algorithmVersion
        self.assets = assets
    }

    /// Visible places in rank order.
    public var visiblePlaces: [PlaceCluster] { places.filter { !$0.isHidden } }
}

/// A photo a run used, as stored: its id, capture instant, and which clock gave its local time.
public struct AssetRef: Sendable, Equatable, Codable {
    /// The asset id.
    public var id: String
    /// Capture instant, milliseconds since 1970 UTC.
    public var creationTimeMilliseconds: Int64
    /// Where its local time (and so its day bucket) came from.
    public var timeSource: LocalTimeSource

    /// Creates a reference.
    public init(id: String, creationTimeMilliseconds: Int64, timeSource: LocalTimeSource) {
        self.id = id
        self.creationTimeMilliseconds = creationTimeMilliseconds
        self.timeSource = timeSource
    }
}

/// Progress of a run, in the order the stages complete (seed §6.3), so a UI can render early.
public enum WrappedProgress: Sendable {
    /// Stage A done: totals and time statistics.
    case timeStats(TimeStats)
    /// Stage B done: ranked places, not yet labelled.
    case places([PlaceCluster])
    /// Stage C done: the top places labelled.
    case labels([PlaceCluster])
    /// The deck is ready.
    case deck(Deck)
}

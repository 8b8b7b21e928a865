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

    /// Visible places in rank order.
    public var visiblePlaces: [PlaceCluster] { places.filter { !$0.isHidden } }
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

/// A generated Photo Wrapped: the cards in play order and what they were computed from.
public struct Deck: Sendable, Equatable, Codable {
    /// The cards, in play order (8–12 when the range has photos; empty otherwise).
    public var cards: [Card]
    /// Whether the low-coverage deck (seed §7.2: < 20 % of photos located) was used.
    public var isLowCoverage: Bool
    /// Why the deck is empty, when it is ("No photos between 1 Jan and 31 Dec 2025.").
    public var emptyReason: String?

    /// Creates a deck.
    public init(cards: [Card], isLowCoverage: Bool, emptyReason: String? = nil) {
        self.cards = cards
        self.isLowCoverage = isLowCoverage
        self.emptyReason = emptyReason
    }
}

import TidepoolClient

/// One released tile as the map draws it: its box, the server's heat and how alike its people
/// are to the viewer.
public struct MapHeatTile: Sendable, Equatable, Identifiable {
    /// The grid tile's id.
    public var id: String
    /// Grid level (0 is the finest, about 150 m).
    public var level: Int
    /// Southern edge, degrees.
    public var south: Double
    /// Western edge, degrees.
    public var west: Double
    /// Northern edge, degrees.
    public var north: Double
    /// Eastern edge, degrees.
    public var east: Double
    /// The server's intensity in 0…1, weighted by similarity to the viewer.
    public var intensity: Double
    /// The noisy count of people released for the tile (noise added on purpose).
    public var noisyCount: Int
    /// The viewer's similarity to the tile's noisy interest mix (0 when count-only).
    public var similarity: Double
    /// The similarity in words.
    public var likeness: Likeness

    /// The map's tile from the server's.
    public init(_ tile: TidepoolHeatTile) {
        id = tile.tileId
        level = tile.level
        let bounds = tile.bounds.count == 4 ? tile.bounds : [0, 0, 0, 0]
        south = bounds[0]
        west = bounds[1]
        north = bounds[2]
        east = bounds[3]
        intensity = tile.intensity
        noisyCount = tile.noisyCount
        similarity = tile.similarity
        likeness = Likeness(similarity)
    }

    /// How alike the people on a tile are to the viewer, in the legend's three words.
    ///
    /// The cut points (0.6 and 0.3 of the cosine) are the app's wording, not a server value:
    /// they only choose which words describe a number the server computed.
    public enum Likeness: String, Sendable, Equatable, CaseIterable {
        /// Similarity of 0.6 or more.
        case veryLikeYou
        /// 0.3 up to 0.6.
        case somewhatLikeYou
        /// Below 0.3 (or count-only heat).
        case notMuchLikeYou

        /// The band of `similarity`.
        public init(_ similarity: Double) {
            self = similarity >= 0.6 ? .veryLikeYou : similarity >= 0.3 ? .somewhatLikeYou : .notMuchLikeYou
        }

        /// The legend's words, in the person's language.
        public var words: String { TidepoolCopy.likeness(self) }
    }
}

import GeoKit

/// The public tile domain: the base tiles heat may be released for, fixed from public data
/// before any report (the tiles holding at least one place of the service area's place
/// store). Every tile of it gets noise in every release, so where heat shows is
/// post-processing of noisy counts and costs no partition-selection δ (Google's DP library
/// calls these public partitions). Reports for tiles outside it are dropped uncounted.
public struct PublicTileDomain: Sendable, Equatable {
    /// The base tiles, in ascending id order.
    public let tiles: [TileID]
    let members: Set<TileID>

    /// A domain of base tiles.
    /// - Throws: ``HeatAggregationError/notABaseTile(tile:reason:)`` naming the first tile that
    ///   is not a base tile of `tiler`.
    public init(tiles: some Sequence<TileID>, tiler: GridTiler = .standard) throws(HeatAggregationError) {
        let unique = Set(tiles)
        for tile in unique {
            guard tile.level == 0 else { throw .notABaseTile(tile: tile.description, reason: "level \(tile.level)") }
            do { try tiler.validate(tile) } catch {
                throw .notABaseTile(tile: tile.description, reason: error.description)
            }
        }
        members = unique
        self.tiles = unique.sorted { $0.rawValue < $1.rawValue }
    }

    /// The domain of the base tiles holding at least one of `coordinates` (the places' points).
    public init(covering coordinates: some Sequence<Coordinate>, tiler: GridTiler = .standard) {
        let unique = Set(coordinates.map { tiler.tile(for: $0) })
        members = unique
        tiles = unique.sorted { $0.rawValue < $1.rawValue }
    }

    /// Base tiles in the domain.
    public var count: Int { tiles.count }

    /// Whether a base tile is in the domain.
    public func contains(_ tile: TileID) -> Bool { members.contains(tile) }
}

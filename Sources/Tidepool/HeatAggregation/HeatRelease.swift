import GeoKit

/// One released tile: its id (any level), its noisy count and its noisy facet histogram.
/// Coded as `{"tile_id", "noisy_count", "facets"}`.
public struct ReleasedTile: Sendable, Equatable, Codable {
    private enum CodingKeys: String, CodingKey {
        case tile = "tile_id"
        case noisyCount = "noisy_count"
        case facets
    }

    /// The tile (level 0 for base tiles, 1 and 2 for the ≈300 m and ≈600 m roll-ups).
    public let tile: TileID
    /// The noisy count of distinct contributors (≥ τ of its level).
    public let noisyCount: Int
    /// The noisy count of contributors per facet (discrete Gaussian noise per cell, so cells
    /// may be negative; readers clamp them), indexed like the codebook named by the release's
    /// parameters. Empty for a count-only tile.
    public let facets: [Int]

    /// Creates a released tile.
    public init(tile: TileID, noisyCount: Int, facets: [Int] = []) {
        self.tile = tile
        self.noisyCount = noisyCount
        self.facets = facets
    }
}

/// The one immutable output of an epoch: everything any reader may ever learn about it.
///
/// Heat reads are post-processing of releases only; the raw counts, tokens and facets of the
/// epoch are discarded when it is built.
public struct HeatRelease: Sendable, Equatable {
    /// The epoch index (`⌊unix seconds / epoch length⌋`).
    public let epoch: Int64
    /// Start of the epoch, Unix seconds.
    public let startSeconds: Int64
    /// End of the epoch (exclusive), Unix seconds.
    public let endSeconds: Int64
    /// The release may be read until this Unix time (exclusive): `endSeconds + ttl`.
    public let expiresSeconds: Int64
    /// The privacy parameters it was made with.
    public let parameters: ReleaseParameters
    /// Released tiles sorted by id (level, then row, then column).
    public let tiles: [ReleasedTile]
    /// Position of each tile in ``tiles``.
    let index: [TileID: Int]

    /// Creates a release; `tiles` are sorted by id.
    public init(epoch: Int64, parameters: ReleaseParameters, tiles: [ReleasedTile]) {
        self.epoch = epoch
        self.parameters = parameters
        startSeconds = epoch * parameters.epochSeconds
        endSeconds = startSeconds + parameters.epochSeconds
        expiresSeconds = endSeconds + parameters.ttlSeconds
        self.tiles = tiles.sorted { $0.tile < $1.tile }
        var index: [TileID: Int] = [:]
        index.reserveCapacity(tiles.count)
        for (position, tile) in self.tiles.enumerated() { index[tile.tile] = position }
        self.index = index
    }

    /// The released tile with this id, if any.
    /// - Complexity: O(1).
    public func tile(_ id: TileID) -> ReleasedTile? {
        index[id].map { tiles[$0] }
    }

    /// Whether the release is readable at `unixSeconds` (after its epoch ended, before expiry).
    public func isLive(at unixSeconds: Int64) -> Bool {
        unixSeconds >= endSeconds && unixSeconds < expiresSeconds
    }

    /// Two releases are equal when their epoch, parameters and tiles are.
    public static func == (lhs: HeatRelease, rhs: HeatRelease) -> Bool {
        lhs.epoch == rhs.epoch && lhs.parameters == rhs.parameters && lhs.tiles == rhs.tiles
    }
}

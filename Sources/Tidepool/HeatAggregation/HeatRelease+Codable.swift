import GeoKit

/// A release is stored and served as `{epoch, parameters, tiles}`; the tile index and the
/// epoch bounds are rebuilt on decoding, so a stored release reads exactly like the original.
extension HeatRelease: Codable {
    private enum CodingKeys: String, CodingKey {
        case epoch, parameters, tiles
    }

    /// Decodes a stored release.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            epoch: try container.decode(Int64.self, forKey: .epoch),
            parameters: try container.decode(ReleaseParameters.self, forKey: .parameters),
            tiles: try container.decode([ReleasedTile].self, forKey: .tiles))
    }

    /// Encodes the release.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(epoch, forKey: .epoch)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(tiles, forKey: .tiles)
    }
}

import Foundation
import GeoKit

/// What a device sends to report presence, with no access token and no identity:
/// `{tile_id, epoch, nonce, signature}` and optionally `facet`, the index of the interest facet
/// nearest to the user's vector (never the vector itself).
public struct TokenRedemption: Sendable, Equatable {
    /// The base tile the device is in.
    public var tile: TileID
    /// The epoch the token was issued for.
    public var epoch: Int64
    /// The device's random nonce (32 bytes), signed blindly at issuance.
    public var nonce: Data
    /// The unblinded RSA-PSS signature over ``TokenMessage/bytes(epoch:nonce:)``.
    public var signature: Data
    /// The interest facet the device computed locally (an index into the server's codebook), or nil.
    public var facet: Int?

    /// Creates a redemption.
    public init(tile: TileID, epoch: Int64, nonce: Data, signature: Data, facet: Int? = nil) {
        self.tile = tile
        self.epoch = epoch
        self.nonce = nonce
        self.signature = signature
        self.facet = facet
    }
}

/// A finished token held by the device: spend it with ``redemption(for:)``.
public struct PresenceToken: Sendable, Equatable {
    /// The epoch it is valid for.
    public var epoch: Int64
    /// Its nonce.
    public var nonce: Data
    /// Its signature.
    public var signature: Data

    /// A token as finished before (read back from the device's own storage).
    public init(epoch: Int64, nonce: Data, signature: Data) {
        self.epoch = epoch
        self.nonce = nonce
        self.signature = signature
    }

    /// The redemption reporting `tile` (and the user's interest `facet`, if any).
    public func redemption(for tile: TileID, facet: Int? = nil) -> TokenRedemption {
        TokenRedemption(tile: tile, epoch: epoch, nonce: nonce, signature: signature, facet: facet)
    }
}

import Foundation

/// One stored release (the encoded `HeatRelease` JSON, immutable).
public struct StoredRelease: Sendable, Equatable {
    /// The epoch.
    public var epoch: Int64
    /// Unix time after which it is never served.
    public var expiresAt: Int64
    /// The release as JSON.
    public var body: Data

    /// Creates a stored release.
    public init(epoch: Int64, expiresAt: Int64, body: Data) {
        self.epoch = epoch
        self.expiresAt = expiresAt
        self.body = body
    }
}

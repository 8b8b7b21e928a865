import Foundation
import WrappedKit

/// What a Photo Wrapped session produced: the result, the photos it could not read, whether the
/// cache answered, and where card thumbnails are kept.
public struct WrappedOutcome: Sendable {
    /// The time stats, places and deck.
    public var result: WrappedResult
    /// Photos and folders that could not be read (listing issues only, on a cache hit).
    public var issues: [ScanIssue]
    /// Whether the cache answered.
    public var cache: WrappedCacheState
    /// Where card photo thumbnails are kept.
    public var thumbnails: URL

    /// Creates an outcome.
    public init(result: WrappedResult, issues: [ScanIssue], cache: WrappedCacheState, thumbnails: URL) {
        self.result = result
        self.issues = issues
        self.cache = cache
        self.thumbnails = thumbnails
    }
}

/// Whether a session's result came from the cache; the raw values are the wire names
/// (`"cache"` in deck.json).
public enum WrappedCacheState: String, Sendable, Codable {
    /// Read from the cache: the library, range and hidden places were unchanged.
    case hit
    /// Computed and stored.
    case miss
    /// Computed without a cache.
    case off
}

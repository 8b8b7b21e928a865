import WrappedKit

/// A step of a Photo Wrapped session, reported as it happens (the CLI draws progress bars and
/// status lines from these; the app, its progress view).
public enum WrappedSessionEvent: Sendable {
    /// The library was unchanged: the result came from the cache (no photo was read).
    case cacheHit(photoCount: Int)
    /// The place lookup could not be loaded; places are shown by coarse coordinates.
    case labelsUnavailable(any Error)
    /// Photos read so far, of the total.
    case scanning(done: Int, total: Int)
    /// Every photo has been read.
    case scanFinished
    /// A stage of the engine finished.
    case engine(WrappedProgress)
    /// The result was computed but could not be stored; the next run computes it again.
    case cacheNotWritten(WrappedError)
}

import LockedState

/// Where releases are kept between the epoch close and their expiry. Implementations must
/// refuse a second release for an epoch (releases are immutable) and must never return an
/// expired one.
public protocol ReleaseStore: Sendable {
    /// Stores a release.
    /// - Throws: ``HeatAggregationError/releaseExists(epoch:)`` when the epoch already has one.
    func publish(_ release: HeatRelease) throws(HeatAggregationError)
    /// The releases readable at `unixSeconds`, newest first.
    func liveReleases(at unixSeconds: Int64) -> [HeatRelease]
    /// Forgets releases that expired before `unixSeconds`.
    func discardExpired(at unixSeconds: Int64)
}

/// A ``ReleaseStore`` in memory, safe to share between threads.
public final class InMemoryReleaseStore: ReleaseStore, Sendable {
    private let releases = Locked<[Int64: HeatRelease]>([:])

    /// An empty store.
    public init() {}

    /// Stores a release, refusing a second one for the same epoch.
    public func publish(_ release: HeatRelease) throws(HeatAggregationError) {
        try releases.withLock { releases throws(HeatAggregationError) in
            guard releases[release.epoch] == nil else { throw .releaseExists(epoch: release.epoch) }
            releases[release.epoch] = release
        }
    }

    /// The releases readable at `unixSeconds`, newest first.
    public func liveReleases(at unixSeconds: Int64) -> [HeatRelease] {
        releases.withLock { releases in
            releases.values.filter { $0.isLive(at: unixSeconds) }.sorted { $0.epoch > $1.epoch }
        }
    }

    /// Forgets releases that expired before `unixSeconds`.
    public func discardExpired(at unixSeconds: Int64) {
        releases.withLock { releases in releases = releases.filter { $0.value.expiresSeconds > unixSeconds } }
    }
}

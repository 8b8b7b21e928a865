/// A feed with a short memory: a second tap in the same area within ``lifetime`` seconds gets
/// the snapshot the first one fetched, and taps that arrive while a fetch is under way wait for
/// it instead of starting their own. Failures are not kept: the next tap asks again.
///
/// Entries are keyed by ``AircraftFeedArea`` (one cache wraps one feed, so the key is the feed
/// and the area). The clock is injected (Unix seconds), so tests step it; an entry whose fetch
/// time is in the clock's future (the clock went back) counts as expired.
public actor CachedAircraftFeed: AircraftFeedSource {
    /// The default lifetime, seconds: a receiver's `aircraft.json` is rewritten every second and
    /// OpenSky's anonymous states are about 10 s old, so a few seconds cost little accuracy
    /// (extrapolation to the capture time covers it) and spare the feed a request per tap.
    public static let defaultLifetime = 5.0

    /// The wrapped feed's name.
    public nonisolated let name: String
    /// How long a snapshot is served, seconds.
    public nonisolated let lifetime: Double
    private let source: any AircraftFeedSource
    private let clock: @Sendable () -> Double
    private var entries: [AircraftFeedArea: Entry] = [:]

    private enum Entry {
        case ready(AircraftSnapshot, fetchedAt: Double)
        case pending(Task<AircraftSnapshot, any Error>)
    }

    /// Wraps `source`; `clock` gives the current Unix time in seconds.
    public init(
        _ source: any AircraftFeedSource, lifetime: Double = CachedAircraftFeed.defaultLifetime,
        clock: @escaping @Sendable () -> Double
    ) {
        self.source = source
        name = source.name
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The cached snapshot for `area` while it is younger than ``lifetime``, else a fresh one.
    /// - Throws: the wrapped feed's ``AircraftFeedSourceError``.
    public func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        let now = clock()
        switch entries[area] {
        case .ready(let snapshot, let fetchedAt) where fetchedAt <= now && now - fetchedAt < lifetime:
            return snapshot
        case .pending(let task):
            return try await Self.value(of: task, feed: name)
        default:
            break
        }
        entries = entries.filter { _, entry in
            if case .ready(_, let fetchedAt) = entry { return fetchedAt <= now && now - fetchedAt < lifetime }
            return true
        }
        let source = self.source
        let task = Task<AircraftSnapshot, any Error> { try await source.snapshot(in: area) }
        entries[area] = .pending(task)
        do {
            let snapshot = try await Self.value(of: task, feed: name)
            entries[area] = .ready(snapshot, fetchedAt: now)
            return snapshot
        } catch {
            entries[area] = nil
            throw error
        }
    }

    private static func value(of task: Task<AircraftSnapshot, any Error>, feed: String) async throws(AircraftFeedSourceError)
        -> AircraftSnapshot
    {
        do { return try await task.value } catch let error as AircraftFeedSourceError {
            throw error
        } catch {
            throw AircraftFeedSourceError(feed: feed, .transport("\(error)"))
        }
    }
}

import Foundation
import WrappedKit
import WrappedStore

/// One Photo Wrapped run over a photo library: list, cache key, cache load, scan, engine, cache
/// save. The CLI's `loci wrapped` and the phone app call it the same way; only the source
/// (a folder, PhotoKit), the place lookup and the cache location differ.
///
/// A listing is cheap, so an unchanged library with the same range and hidden places opens from
/// the cache without reading any photo and without loading the place lookup. When only the
/// ``labelSource`` changed (the gazetteer arrived, or a newer one), the stored run is relabelled
/// from the cache, again without reading a photo. Progress goes to a callback that may be called
/// from several threads while photos are read.
public struct WrappedSession<Source: PhotoLibrarySource>: Sendable {
    /// Where the photos come from.
    public let source: Source
    /// The cache database file, or `nil` to neither read nor write a cache. Card thumbnails are
    /// kept in `thumbnails/` beside it.
    public let cache: URL?
    /// The device's zone: the last resort for a photo's local time.
    public let deviceZone: TimeZone
    /// What the labels come from (part of the cache key): the lookup's identity and version,
    /// ``WrappedStore/WrappedCacheKey/noLabels`` when there is none, or empty when unknown.
    public let labelSource: String
    /// Whether screenshots are left out of the run (seed §17.2: a setting); part of the cache key.
    public let excludesScreenshots: Bool
    /// Loads the place lookup (zones and labels); called only on a cache miss.
    let placeLookup: @Sendable () throws -> any PlaceLookup

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - source: The photo library.
    ///   - placeLookup: Loads zones and labels (the gazetteer takes about a second, so it is
    ///     called only when the deck must be computed). When it throws, places keep coarse
    ///     coordinates and ``WrappedSessionEvent/labelsUnavailable(_:)`` is reported.
    ///   - labelSource: What `placeLookup` loads, as an identity and version (for the gazetteer:
    ///     its file name, size and modification time), or ``WrappedStore/WrappedCacheKey/noLabels``
    ///     when it has nothing to load. A cached run made with another label source is relabelled
    ///     without reading photos. Empty (the default): labels are cached as they were made.
    ///   - cache: The cache database file (its folder is created when missing), or `nil`.
    ///   - deviceZone: The device's zone.
    ///   - excludesScreenshots: Leave screenshots out of every count and card.
    public init(
        source: Source, placeLookup: @escaping @Sendable () throws -> any PlaceLookup, labelSource: String = "",
        cache: URL?, deviceZone: TimeZone, excludesScreenshots: Bool = false
    ) {
        self.excludesScreenshots = excludesScreenshots
        self.source = source
        self.placeLookup = placeLookup
        self.labelSource = labelSource
        self.cache = cache
        self.deviceZone = deviceZone
    }

    /// The Wrapped of the local `days` with `hidden` place ids hidden, from the cache when the
    /// library is unchanged, else computed and stored.
    ///
    /// - Parameters:
    ///   - now: The run's time, recorded with a stored result.
    ///   - progress: Called with each step; scan progress may come from several threads.
    /// - Throws: ``WrappedSessionError/sourceUnreadable(_:)`` when the library cannot be listed,
    ///   ``WrappedSessionError/cacheUnopenable(path:_:)`` when the cache cannot be opened. A cache
    ///   that cannot be written is reported, not thrown.
    public func run(
        days: ClosedRange<LocalDate>, hidden: Set<String>, now: Date,
        progress: @Sendable (WrappedSessionEvent) -> Void = { _ in }
    ) throws(WrappedSessionError) -> WrappedOutcome {
        try run(days: days, hidden: hidden, now: now, access: .full, isCancelled: { false }, progress: progress)
    }

    /// The Wrapped of the local `days`, as ``run(days:hidden:now:progress:)``, for a library read
    /// with `access` and a run the user may cancel.
    ///
    /// - Parameters:
    ///   - access: How much of the library the source can read; part of the cache key (seed §15),
    ///     so a limited selection never answers for the full library.
    ///   - isCancelled: Checked while photos are read and before anything is stored; must stay
    ///     true once it has returned true.
    /// - Throws: as ``run(days:hidden:now:progress:)``, and ``WrappedSessionError/cancelled`` when
    ///   the run was cancelled; a cancelled run writes nothing to the cache.
    public func run(
        days: ClosedRange<LocalDate>, hidden: Set<String>, now: Date, access: PhotoAuthorization,
        isCancelled: @Sendable () -> Bool, progress: @Sendable (WrappedSessionEvent) -> Void = { _ in }
    ) throws(WrappedSessionError) -> WrappedOutcome {
        let listing: Source.Listing
        do { listing = try source.list() } catch { throw .sourceUnreadable(error) }
        let key = WrappedCacheKey(
            from: days.lowerBound, to: days.upperBound,
            filtersHash: WrappedCacheKey.filtersHash(
                hidden: hidden, settings: excludesScreenshots ? ["exclude_screenshots"] : []), accessPrivileges: access.cachePrivileges,
            photoSetFingerprint: listing.fingerprint, labelSource: labelSource)
        let database = try openCache()
        if let database, let cached = try? database.load(key) {
            progress(.cacheHit(photoCount: listing.photoCount))
            return WrappedOutcome(result: cached, issues: listing.issues, cache: .hit, thumbnails: thumbnails)
        }
        if let database, let stale = try? database.loadRelabelling(key) {
            // The photos are unchanged; only the labels' source is: relabel the stored run.
            progress(.cacheHit(photoCount: listing.photoCount))
            let engine = WrappedEngine(lookup: loadLookup(progress), deviceZone: deviceZone)
            let result = engine.relabel(stale.result)
            guard !isCancelled() else { throw .cancelled }
            do { try database.save(result, key: key, createdAt: now) } catch { progress(.cacheNotWritten(error)) }
            return WrappedOutcome(result: result, issues: listing.issues, cache: .hit, thumbnails: thumbnails)
        }
        let lookup = loadLookup(progress)
        guard
            let scan = source.scan(
                listing, progress: { done, total in progress(.scanning(done: done, total: total)) },
                isCancelled: isCancelled)
        else { throw .cancelled }
        progress(.scanFinished)
        let engine = WrappedEngine(lookup: lookup, deviceZone: deviceZone)
        let assets = excludesScreenshots ? scan.assets.filter { !$0.isScreenshot } : scan.assets
        let result = engine.run(assets, range: days, hidden: hidden) { progress(.engine($0)) }
        guard !isCancelled() else { throw .cancelled }
        guard let database else {
            return WrappedOutcome(result: result, issues: scan.issues, cache: .off, thumbnails: thumbnails)
        }
        do { try database.save(result, key: key, createdAt: now) } catch { progress(.cacheNotWritten(error)) }
        return WrappedOutcome(result: result, issues: scan.issues, cache: .miss, thumbnails: thumbnails)
    }

    /// Where card thumbnails are kept: `thumbnails/` beside the cache, else a temporary folder.
    public var thumbnails: URL {
        guard let cache else {
            return FileManager.default.temporaryDirectory.appendingPathComponent("loci-thumbnails")
        }
        return cache.deletingLastPathComponent().appendingPathComponent("thumbnails")
    }

    /// The place lookup, or `nil` (reported as ``WrappedSessionEvent/labelsUnavailable(_:)``).
    private func loadLookup(_ progress: @Sendable (WrappedSessionEvent) -> Void) -> (any PlaceLookup)? {
        do { return try placeLookup() } catch {
            progress(.labelsUnavailable(error))
            return nil
        }
    }

    private func openCache() throws(WrappedSessionError) -> WrappedDatabase? {
        guard let cache else { return nil }
        try? FileManager.default.createDirectory(
            at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The path as given (relative stays relative), so errors name the file the way the user did.
        do { return try WrappedDatabase(path: cache.relativePath) } catch {
            throw .cacheUnopenable(path: cache.relativePath, error)
        }
    }
}

/// Where Photo Wrapped's photos come from: a folder on Linux (`PhotoLibrary.FolderPhotoSource`),
/// the photo library through PhotoKit on the phone, an in-memory list in tests.
///
/// A session first lists the library (cheap: no metadata read) to get a fingerprint for the
/// cache key; only on a cache miss does it scan the listing into ``PhotoAsset``s. An item that
/// cannot be read becomes a ``ScanIssue`` and the scan goes on.
public protocol PhotoLibrarySource: Sendable {
    /// What a listing holds: the source's own handle on the items to scan.
    associatedtype Listing: PhotoLibraryListing

    /// Lists the library without reading any photo's metadata.
    /// - Throws: ``WrappedError/sourceFailed(_:)`` when the library as a whole cannot be read.
    func list() throws(WrappedError) -> Listing

    /// Reads every listed photo's metadata into assets.
    ///
    /// - Parameter progress: called with (photos done, total), possibly from several threads.
    func scan(_ listing: Listing, progress: @Sendable (Int, Int) -> Void) -> PhotoLibraryScan

    /// Reads every listed photo's metadata into assets, stopping early when `isCancelled`
    /// returns true (checked between photos or batches, from any thread).
    ///
    /// - Returns: the scan, or `nil` when it was cancelled (a partial scan is never returned).
    ///   The default scans everything and then checks once; sources that read photo by photo
    ///   (the folder, PhotoKit) check as they go.
    func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan?
}

extension PhotoLibrarySource {
    /// Scans everything, then returns `nil` if cancellation was asked for meanwhile.
    public func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan? {
        guard !isCancelled() else { return nil }
        let scan = scan(listing, progress: progress)
        return isCancelled() ? nil : scan
    }
}

/// What every listing tells a session: how many photos, a fingerprint of them, and what could
/// not be listed.
public protocol PhotoLibraryListing: Sendable {
    /// Photos listed (what a scan will read).
    var photoCount: Int { get }
    /// Changes whenever a photo is added, removed or edited; the same library gives the same
    /// fingerprint (part of the cache key).
    var fingerprint: String { get }
    /// Items that could not be listed.
    var issues: [ScanIssue] { get }
}

/// What a scan produced.
public struct PhotoLibraryScan: Sendable, Equatable {
    /// One asset per readable photo, in listing order.
    public var assets: [PhotoAsset]
    /// Unreadable photos (with the reader's message) and the listing's issues.
    public var issues: [ScanIssue]

    /// Creates a scan result.
    public init(assets: [PhotoAsset], issues: [ScanIssue]) {
        self.assets = assets
        self.issues = issues
    }
}

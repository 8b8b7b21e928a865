/// Any ``PhotoLibrarySource`` behind one type, so a model can hold "the library for this range"
/// without being generic over the folder source or the PhotoKit one.
public struct AnyPhotoLibrarySource: PhotoLibrarySource {
    /// A listing of the wrapped source.
    public struct Listing: PhotoLibraryListing {
        /// The wrapped source's own listing.
        let base: any PhotoLibraryListing
        /// Photos listed.
        public var photoCount: Int { base.photoCount }
        /// The wrapped listing's fingerprint.
        public var fingerprint: String { base.fingerprint }
        /// Items that could not be listed.
        public var issues: [ScanIssue] { base.issues }
    }

    private let listing: @Sendable () throws(WrappedError) -> Listing
    private let scanning:
        @Sendable (any PhotoLibraryListing, @Sendable (Int, Int) -> Void, @Sendable () -> Bool) ->
            PhotoLibraryScan?

    /// Wraps `source`.
    public init<Source: PhotoLibrarySource>(_ source: Source) {
        listing = { () throws(WrappedError) -> Listing in Listing(base: try source.list()) }
        scanning = { base, progress, isCancelled in
            guard let listing = base as? Source.Listing else {
                return PhotoLibraryScan(
                    assets: [],
                    issues: [ScanIssue(path: "\(Source.self)", message: "a listing of another source")])
            }
            return source.scan(listing, progress: progress, isCancelled: isCancelled)
        }
    }

    /// Lists the wrapped source.
    public func list() throws(WrappedError) -> Listing { try listing() }

    /// Scans with the wrapped source.
    public func scan(_ listing: Listing, progress: @Sendable (Int, Int) -> Void) -> PhotoLibraryScan {
        scanning(listing.base, progress, { false }) ?? PhotoLibraryScan(assets: [], issues: [])
    }

    /// Scans with the wrapped source, stopping when `isCancelled` says so.
    public func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan? {
        scanning(listing.base, progress, isCancelled)
    }
}

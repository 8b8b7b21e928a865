/// A photo library held in memory: for tests and previews, where a folder or PhotoKit is not
/// wanted. Its fingerprint changes with its assets, so a cache sees edits as a real source would.
public struct InMemoryPhotoLibrary: PhotoLibrarySource {
    /// The assets and the issues a scan reports.
    public struct Listing: PhotoLibraryListing {
        /// The assets, in the order given.
        public var assets: [PhotoAsset]
        /// Issues reported at listing time.
        public var issues: [ScanIssue]
        /// FNV-1a 64 (hex) over the assets' ids, times and places.
        public var fingerprint: String
        /// How many assets there are.
        public var photoCount: Int { assets.count }
    }

    /// The library's photos.
    public var assets: [PhotoAsset]
    /// Issues every listing reports (items the library could not list).
    public var issues: [ScanIssue]
    /// When set, ``list()`` fails with this message (a library the user did not grant access to).
    public var failure: String?

    /// A library of `assets`.
    public init(assets: [PhotoAsset], issues: [ScanIssue] = [], failure: String? = nil) {
        self.assets = assets
        self.issues = issues
        self.failure = failure
    }

    /// The assets and a fingerprint of them.
    /// - Throws: ``WrappedError/sourceFailed(_:)`` with ``failure`` when it is set.
    public func list() throws(WrappedError) -> Listing {
        if let failure { throw .sourceFailed(failure) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for asset in assets {
            for byte
                in "\(asset.id)\0\(String(describing: asset.captureTime))\0\(String(describing: asset.coordinate))\n"
                .utf8
            {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return Listing(
            assets: assets, issues: issues, fingerprint: String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// The listed assets, reporting progress once per asset.
    public func scan(_ listing: Listing, progress: @Sendable (Int, Int) -> Void) -> PhotoLibraryScan {
        scan(listing, progress: progress, isCancelled: { false }) ?? PhotoLibraryScan(assets: [], issues: [])
    }

    /// The listed assets, reporting progress once per asset and checking `isCancelled` before each.
    public func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan? {
        for index in listing.assets.indices {
            if isCancelled() { return nil }
            progress(index + 1, listing.assets.count)
        }
        return isCancelled() ? nil : PhotoLibraryScan(assets: listing.assets, issues: listing.issues)
    }
}

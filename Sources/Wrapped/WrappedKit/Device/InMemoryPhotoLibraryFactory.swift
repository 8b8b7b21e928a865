import Foundation

/// A ``PhotoLibrarySourceFactory`` over assets in memory that filters like PhotoKit: an asset is
/// in a window when its creation instant is (an instant as given; a wall clock less its offset,
/// or read as UTC when it has none). Undated assets are never in a window, as PhotoKit's
/// predicate on `creationDate` leaves them out.
public struct InMemoryPhotoLibraryFactory: PhotoLibrarySourceFactory {
    /// The whole library.
    public var assets: [PhotoAsset]
    /// When set, every source's listing fails with it.
    public var failure: String?

    /// A factory over `assets`.
    public init(assets: [PhotoAsset], failure: String? = nil) {
        self.assets = assets
        self.failure = failure
    }

    /// Filters.
    public var filtersByWindow: Bool { true }

    /// The assets created within `window`.
    public func source(for window: DateInterval) -> AnyPhotoLibrarySource {
        let inWindow = assets.filter { asset in
            guard let instant = Self.creationInstant(asset) else { return false }
            return window.contains(Date(timeIntervalSince1970: instant))
        }
        return AnyPhotoLibrarySource(InMemoryPhotoLibrary(assets: inWindow, failure: failure))
    }

    /// An asset's creation instant, seconds since 1970, as PhotoKit would have recorded it.
    public static func creationInstant(_ asset: PhotoAsset) -> Double? {
        switch asset.captureTime {
        case .instant(let seconds): seconds
        case .wallClock(let wall, let offset): wall.secondsSinceEpochAsUTC - Double(offset ?? 0)
        case nil: nil
        }
    }
}

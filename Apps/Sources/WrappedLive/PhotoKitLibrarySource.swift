import Foundation
import PhotoMetadata
import Photos
import WrappedKit

/// The photos PhotoKit holds whose `creationDate` lies in a window: a `PhotoLibrarySource`.
///
/// Listing fetches identifiers only (cheap); scanning reads each asset's fields into
/// `LibraryAssetFields` and converts them with `PhotoAsset(libraryAsset:)`. The original file is
/// read (through `PHAssetResourceManager`, never from the network) only when the fields say the
/// zone cannot be resolved otherwise (`needsOffsetTimeOriginal`: dated, no valid location), and
/// only its EXIF `OffsetTimeOriginal` is kept. No photo leaves the device.
///
/// Call `list` and `scan` off the main thread: the original is read synchronously.
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct PhotoKitLibrarySource: PhotoLibrarySource {
    /// The identifiers of the photos in the window, in creation order.
    public struct Listing: PhotoLibraryListing {
        /// `PHAsset.localIdentifier`s.
        public var identifiers: [String]
        /// Changes when a photo in the window is added, removed or edited.
        public var fingerprint: String
        /// Nothing: a fetch lists every asset it can see.
        public var issues: [ScanIssue] { [] }
        /// Photos listed.
        public var photoCount: Int { identifiers.count }
    }

    /// The creation-date window fetched (`PhotoFetchWindow.interval(covering:)` of a range).
    public var window: DateInterval

    /// The photos created within `window`.
    public init(window: DateInterval) {
        self.window = window
    }

    /// Fetches the identifiers (and modification dates, for the fingerprint) of the window's photos.
    public func list() throws(WrappedError) -> Listing {
        let options = PHFetchOptions()
        options.predicate = NSPredicate(
            format: "creationDate >= %@ AND creationDate < %@", window.start as NSDate, window.end as NSDate)
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        let result = PHAsset.fetchAssets(with: .image, options: options)
        var identifiers: [String] = []
        var fingerprint = ListingFingerprint()
        fingerprint.add("window", edited: window.start.timeIntervalSince1970)
        fingerprint.add("window-end", edited: window.end.timeIntervalSince1970)
        identifiers.reserveCapacity(result.count)
        result.enumerateObjects { asset, _, _ in
            identifiers.append(asset.localIdentifier)
            fingerprint.add(asset.localIdentifier, edited: asset.modificationDate?.timeIntervalSince1970)
        }
        return Listing(identifiers: identifiers, fingerprint: fingerprint.hex)
    }

    /// Reads every listed photo; a photo deleted since the listing becomes a scan issue.
    public func scan(_ listing: Listing, progress: @Sendable (Int, Int) -> Void) -> PhotoLibraryScan {
        scan(listing, progress: progress, isCancelled: { false }) ?? PhotoLibraryScan(assets: [], issues: [])
    }

    /// Reads the listed photos one by one, checking `isCancelled` before each; `nil` when cancelled.
    public func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan? {
        let fetched = PHAsset.fetchAssets(withLocalIdentifiers: listing.identifiers, options: nil)
        var byIdentifier: [String: PHAsset] = [:]
        fetched.enumerateObjects { asset, _, _ in byIdentifier[asset.localIdentifier] = asset }
        var assets: [PhotoAsset] = []
        var issues: [ScanIssue] = []
        for (index, identifier) in listing.identifiers.enumerated() {
            if isCancelled() { return nil }
            if let asset = byIdentifier[identifier] {
                let (fields, issue) = Self.fields(of: asset)
                if let issue { issues.append(issue) }
                var photo = PhotoAsset(libraryAsset: fields)
                photo.isScreenshot = asset.mediaSubtypes.contains(.photoScreenshot)
                assets.append(photo)
            } else {
                issues.append(ScanIssue(path: identifier, message: "deleted since the library was listed"))
            }
            progress(index + 1, listing.identifiers.count)
        }
        return PhotoLibraryScan(assets: assets, issues: issues)
    }

    /// The asset's fields, with OffsetTimeOriginal read from the original only when needed, and
    /// the issue when that original could not be parsed (the photo then keeps the device's zone).
    static func fields(of asset: PHAsset) -> (LibraryAssetFields, ScanIssue?) {
        let location = asset.location
        var fields = LibraryAssetFields(
            identifier: asset.localIdentifier, creationDate: asset.creationDate,
            latitude: location?.coordinate.latitude, longitude: location?.coordinate.longitude,
            horizontalAccuracy: location?.horizontalAccuracy,
            pixelWidth: asset.pixelWidth, pixelHeight: asset.pixelHeight)
        var issue: ScanIssue?
        if fields.needsOffsetTimeOriginal {
            do {
                fields.offsetTimeOriginal = try OriginalPhotoReader.offsetTimeOriginal(of: asset)
            } catch {
                issue = ScanIssue(
                    path: asset.localIdentifier,
                    message: "original unreadable, its local time uses the device's zone: \(error)")
            }
        }
        return (fields, issue)
    }
}

import Photos
import UIKit
import WrappedKit

/// Thumbnails through `PHCachingImageManager`: a `PhotoThumbnailSource`.
///
/// The size asked for is `ThumbnailSize.fitting` of the asset's pixel size (exact resize, aspect
/// fit). PhotoKit's result handler can run twice, a degraded image first: this adapter asks for
/// the high-quality delivery and, should a degraded image still arrive, ignores it and answers
/// only with the final one. iCloud-only photos are downloaded when `allowsNetworkAccess` is on
/// (Apple's own transfer; the thumbnail stays on the phone).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class PhotoKitThumbnails: PhotoThumbnailSource, @unchecked Sendable {
    // @unchecked: PHImageManager (and so PHCachingImageManager) may be called from any thread;
    // this class holds nothing else.
    private let manager = PHCachingImageManager()
    private let allowsNetworkAccess: Bool
    private let compressionQuality: CGFloat

    /// A source that downloads iCloud-only originals when `allowsNetworkAccess` is true.
    public init(allowsNetworkAccess: Bool = true, compressionQuality: CGFloat = 0.85) {
        self.allowsNetworkAccess = allowsNetworkAccess
        self.compressionQuality = compressionQuality
    }

    /// The photo `assetID` scaled to fit `maxPixelSize`, JPEG-encoded.
    public func thumbnail(for assetID: String, maxPixelSize: Int) async throws(PhotoThumbnailError)
        -> PhotoThumbnail
    {
        guard maxPixelSize >= 1 else { throw .invalidSize(maxPixelSize) }
        guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [assetID], options: nil).firstObject
        else {
            throw .notFound(assetID: assetID)
        }
        guard
            let size = ThumbnailSize.fitting(
                width: asset.pixelWidth, height: asset.pixelHeight, maxPixelSize: maxPixelSize)
        else {
            throw .unavailable(assetID: assetID, reason: "no pixel size")
        }
        let result = await request(asset, size: CGSize(width: size.width, height: size.height))
        return try result.get()
    }

    /// Starts caching thumbnails of `assetIDs` at `maxPixelSize` (the pager's next cards).
    public func prefetch(_ assetIDs: [String], maxPixelSize: Int) {
        let assets = PHAsset.fetchAssets(withLocalIdentifiers: assetIDs, options: nil)
        var list: [PHAsset] = []
        assets.enumerateObjects { asset, _, _ in list.append(asset) }
        let side = CGFloat(max(1, maxPixelSize))
        manager.startCachingImages(
            for: list, targetSize: CGSize(width: side, height: side), contentMode: .aspectFit,
            options: options())
    }

    private func options() -> PHImageRequestOptions {
        let options = PHImageRequestOptions()
        options.deliveryMode = .highQualityFormat
        options.resizeMode = .exact
        options.isNetworkAccessAllowed = allowsNetworkAccess
        return options
    }

    /// One final image (or a typed error) for `asset` at `size` pixels.
    private func request(_ asset: PHAsset, size: CGSize) async -> Result<PhotoThumbnail, PhotoThumbnailError>
    {
        let id = asset.localIdentifier
        let quality = compressionQuality
        return await withCheckedContinuation { continuation in
            let answer = SingleAnswer(continuation)
            manager.requestImage(for: asset, targetSize: size, contentMode: .aspectFit, options: options()) {
                image, info in
                if (info?[PHImageResultIsDegradedKey] as? Bool) == true { return }  // a better one follows
                if let error = info?[PHImageErrorKey] as? Error {
                    answer.give(.failure(.unavailable(assetID: id, reason: error.localizedDescription)))
                } else if (info?[PHImageCancelledKey] as? Bool) == true {
                    answer.give(.failure(.unavailable(assetID: id, reason: "request cancelled")))
                } else if let image, let cgImage = image.cgImage,
                    let data = image.jpegData(compressionQuality: quality)
                {
                    answer.give(
                        .success(
                            PhotoThumbnail(
                                data: data, format: .jpeg, pixelWidth: cgImage.width,
                                pixelHeight: cgImage.height)))
                } else if (info?[PHImageResultIsInCloudKey] as? Bool) == true {
                    answer.give(
                        .failure(.unavailable(assetID: id, reason: "in iCloud only, network access off")))
                } else {
                    answer.give(.failure(.unavailable(assetID: id, reason: "PhotoKit gave no image")))
                }
            }
        }
    }
}

/// Resumes a continuation once, whatever number of times PhotoKit calls back.
private final class SingleAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<PhotoThumbnail, PhotoThumbnailError>, Never>?

    init(_ continuation: CheckedContinuation<Result<PhotoThumbnail, PhotoThumbnailError>, Never>) {
        self.continuation = continuation
    }

    func give(_ result: Result<PhotoThumbnail, PhotoThumbnailError>) {
        let waiting = lock.withLock {
            () -> CheckedContinuation<Result<PhotoThumbnail, PhotoThumbnailError>, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: result)
    }
}

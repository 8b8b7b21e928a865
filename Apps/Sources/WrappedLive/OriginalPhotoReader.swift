import Foundation
import PhotoMetadata
import Photos

/// Reads a photo's original file through `PHAssetResourceManager` to get its EXIF
/// OffsetTimeOriginal (parsed by the root package's `PhotoMetadataReader`).
///
/// Never from the network: an iCloud-only original gives `nil`, and the photo keeps its
/// zone-less creation instant. An original that arrives but cannot be parsed is a failure the
/// scan reports (a `ScanIssue`, counted on the deck), not a silent `nil`. Blocks the calling thread until PhotoKit has delivered the file:
/// call it off the main thread. Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
enum OriginalPhotoReader {
    /// The original's OffsetTimeOriginal ("+02:00"), or `nil` when there is none or PhotoKit
    /// does not have the original on the device.
    /// - Throws: `PhotoMetadataError` (or the reader's error) when the original's metadata cannot be parsed.
    static func offsetTimeOriginal(of asset: PHAsset) throws -> String? {
        let resources = PHAssetResource.assetResources(for: asset)
        guard let original = resources.first(where: { $0.type == .photo }) ?? resources.first else {
            return nil
        }
        let options = PHAssetResourceRequestOptions()
        options.isNetworkAccessAllowed = false
        let buffer = ResourceBuffer()
        let done = DispatchSemaphore(value: 0)
        PHAssetResourceManager.default().requestData(
            for: original, options: options,
            dataReceivedHandler: { chunk in buffer.append(chunk) },
            completionHandler: { error in
                if error != nil { buffer.fail() }
                done.signal()
            })
        done.wait()
        guard let bytes = buffer.bytes else { return nil }  // not on the device: nothing to read
        return try PhotoMetadataReader.read(bytes: bytes).offsetTimeOriginal
    }
}

/// The chunks PhotoKit delivers on its own queue, collected under a lock.
private final class ResourceBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data: [UInt8] = []
    private var failed = false

    func append(_ chunk: Data) {
        lock.withLock { data.append(contentsOf: chunk) }
    }

    func fail() {
        lock.withLock { failed = true }
    }

    /// The whole file, or `nil` when the request failed.
    var bytes: [UInt8]? {
        lock.withLock { failed ? nil : data }
    }
}

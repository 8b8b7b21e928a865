/// A ``PhotoThumbnailSource`` in memory: one encoded image per asset id, reported at the size
/// it would be scaled to (the bytes are returned as given: a fake does not re-encode).
public struct InMemoryPhotoThumbnails: PhotoThumbnailSource {
    /// The images by asset id, at their original size.
    public var images: [String: PhotoThumbnail]
    /// Asset ids that exist but give no image (an iCloud-only photo with network access off).
    public var unavailable: Set<String>

    /// A source of `images`.
    public init(images: [String: PhotoThumbnail], unavailable: Set<String> = []) {
        self.images = images
        self.unavailable = unavailable
    }

    /// The image of `assetID` reported at its fitted size.
    public func thumbnail(for assetID: String, maxPixelSize: Int) async throws(PhotoThumbnailError)
        -> PhotoThumbnail
    {
        guard maxPixelSize >= 1 else { throw .invalidSize(maxPixelSize) }
        if unavailable.contains(assetID) {
            throw .unavailable(assetID: assetID, reason: "not on this device")
        }
        guard var image = images[assetID] else { throw .notFound(assetID: assetID) }
        guard
            let size = ThumbnailSize.fitting(
                width: image.pixelWidth, height: image.pixelHeight, maxPixelSize: maxPixelSize)
        else { throw .unavailable(assetID: assetID, reason: "no pixel size") }
        image.pixelWidth = size.width
        image.pixelHeight = size.height
        return image
    }
}

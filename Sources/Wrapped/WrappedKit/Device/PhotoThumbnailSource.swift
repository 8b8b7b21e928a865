import Foundation

/// Small images of library photos for the screens (place detail, the pager, share cards): on the
/// phone `PHCachingImageManager`, in tests ``InMemoryPhotoThumbnails``. Only pixels for the
/// screen: nothing is stored, nothing leaves the device.
///
/// Contract (`WrappedKitContracts.PhotoThumbnailContract`): a known id gives one final image
/// (never PhotoKit's degraded first delivery) whose longest side is at most `maxPixelSize` and
/// whose bytes are the JPEG or PNG its ``PhotoThumbnail/format`` says; an unknown id throws
/// ``PhotoThumbnailError/notFound(assetID:)``; a size below 1 throws
/// ``PhotoThumbnailError/invalidSize(_:)``.
public protocol PhotoThumbnailSource: Sendable {
    /// The photo `assetID` (a ``PhotoAsset/id``) scaled to fit `maxPixelSize` × `maxPixelSize`
    /// pixels, aspect ratio kept (never scaled up beyond the original).
    /// - Throws: ``PhotoThumbnailError`` saying which photo and why.
    func thumbnail(for assetID: String, maxPixelSize: Int) async throws(PhotoThumbnailError) -> PhotoThumbnail
}

/// An encoded thumbnail.
public struct PhotoThumbnail: Sendable, Equatable {
    /// How ``data`` is encoded.
    public enum Format: String, Sendable, Codable {
        case jpeg, png
    }

    /// The encoded image.
    public var data: Data
    /// Its encoding.
    public var format: Format
    /// Width in pixels.
    public var pixelWidth: Int
    /// Height in pixels.
    public var pixelHeight: Int

    /// Creates a thumbnail.
    public init(data: Data, format: Format, pixelWidth: Int, pixelHeight: Int) {
        self.data = data
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The format `data` starts like (JPEG `FF D8 FF`, PNG `89 50 4E 47`), or `nil`.
    public static func sniffFormat(_ data: Data) -> Format? {
        let head = Array(data.prefix(4))
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47] { return .png }
        return nil
    }
}

/// Why a thumbnail could not be made.
public enum PhotoThumbnailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No photo with this id (deleted since the scan, or never there).
    case notFound(assetID: String)
    /// The photo exists but gave no image (iCloud-only with network access off, decoding failed).
    case unavailable(assetID: String, reason: String)
    /// The maximum size asked for is below 1 pixel.
    case invalidSize(Int)

    public var description: String {
        switch self {
        case .notFound(let id): "thumbnail: no photo \(id)"
        case .unavailable(let id, let reason): "thumbnail of \(id) unavailable: \(reason)"
        case .invalidSize(let size): "thumbnail: maximum pixel size \(size) is below 1"
        }
    }
}

/// The pixel size a photo is scaled to so it fits a square of `maxPixelSize` (what the PhotoKit
/// adapter passes as `targetSize`).
public enum ThumbnailSize {
    /// `width` × `height` scaled down (never up) to fit `maxPixelSize`, aspect ratio kept, each
    /// side at least 1 pixel; `nil` when a dimension or the maximum is below 1.
    public static func fitting(width: Int, height: Int, maxPixelSize: Int) -> (width: Int, height: Int)? {
        guard width >= 1, height >= 1, maxPixelSize >= 1 else { return nil }
        let longest = max(width, height)
        guard longest > maxPixelSize else { return (width, height) }
        let scale = Double(maxPixelSize) / Double(longest)
        let scaled = { (side: Int) in min(maxPixelSize, max(1, Int((Double(side) * scale).rounded()))) }
        return (scaled(width), scaled(height))
    }
}

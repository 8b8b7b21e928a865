/// A point in pixels (or points), x to the right and y down from the top-left corner.
public struct PlanePoint: Sendable, Hashable, Codable {
    /// Rightwards.
    public var x: Double
    /// Downwards.
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// How an aspect-fill camera preview (`AVLayerVideoGravity.resizeAspectFill`) shows the upright
/// image: scaled by the larger of the two ratios so it covers the preview, centred, its overflow
/// cropped. Converting a tap with this is what the preview layer's
/// `captureDevicePointConverted(fromLayerPoint:)` does, followed by ``portraitPixel(devicePoint:)``.
public struct AspectFillPreview: Sendable, Hashable {
    /// The preview's size in points.
    public var previewWidth: Double
    /// The preview's height in points.
    public var previewHeight: Double
    /// The upright image's width in pixels.
    public var imageWidth: Double
    /// The upright image's height in pixels.
    public var imageHeight: Double

    /// A preview of `preview` size showing an image of `image` size (all positive).
    public init(previewWidth: Double, previewHeight: Double, imageWidth: Double, imageHeight: Double) {
        self.previewWidth = previewWidth
        self.previewHeight = previewHeight
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }

    /// Image pixels per preview point: `max(W/w, H/h)`.
    public var scale: Double { max(previewWidth / imageWidth, previewHeight / imageHeight) }

    /// Where the image's top-left corner sits in the preview (negative on the cropped axis).
    public var offset: PlanePoint {
        PlanePoint(x: (previewWidth - imageWidth * scale) / 2, y: (previewHeight - imageHeight * scale) / 2)
    }

    /// The image pixel under a preview point, or `nil` outside the preview (or for a degenerate size).
    public func imagePixel(preview point: PlanePoint) -> PlanePoint? {
        guard previewWidth > 0, previewHeight > 0, imageWidth > 0, imageHeight > 0,
            point.x >= 0, point.y >= 0, point.x <= previewWidth, point.y <= previewHeight
        else { return nil }
        let s = scale
        let o = offset
        return PlanePoint(x: (point.x - o.x) / s, y: (point.y - o.y) / s)
    }

    /// The preview point showing an image pixel (it may lie outside the preview, in the crop).
    public func previewPoint(imagePixel pixel: PlanePoint) -> PlanePoint {
        let s = scale
        let o = offset
        return PlanePoint(x: o.x + pixel.x * s, y: o.y + pixel.y * s)
    }

    /// The upright portrait image's pixel for a capture-device point of interest.
    ///
    /// AVFoundation's device points run (0, 0)–(1, 1) over the sensor's landscape frame with the
    /// home button on the right; held in portrait that frame's left edge is the image's top and
    /// its top edge the image's right, so `x = (1 − p.y) · width` and `y = p.x · height`.
    public static func portraitPixel(devicePoint p: PlanePoint, imageWidth: Double, imageHeight: Double)
        -> PlanePoint
    {
        PlanePoint(x: (1 - p.y) * imageWidth, y: p.x * imageHeight)
    }
}

/// A photo decoded for drawing: B, G, R, X bytes per pixel (Cairo's RGB24 on little-endian
/// machines), plus the EXIF orientation to apply when drawing.
public struct DecodedPhoto: Sendable {
    /// Width in pixels as stored (before orientation).
    public var width: Int
    /// Height in pixels as stored.
    public var height: Int
    /// Bytes per row.
    public var stride: Int
    /// Pixel rows, `stride * height` bytes.
    public var pixels: [UInt8]
    /// EXIF orientation, 1…8 (1 when absent or unreadable).
    public var orientation: Int
    /// The full-size dimensions in the file.
    public var sourceWidth: Int
    /// The full-size height in the file.
    public var sourceHeight: Int
    /// The DCT scaling used: decoded at `scaleEighths`/8 of the full size (1…8).
    public var scaleEighths: Int

    /// Width and height once the orientation is applied.
    public var displaySize: (width: Int, height: Int) {
        orientation >= 5 ? (height, width) : (width, height)
    }
}

/// The container format of an image file.
public enum ImageFormat: String, Sendable, Equatable, Hashable, Codable {
    /// JPEG (JFIF or Exif), metadata in an APP1 `Exif` segment.
    case jpeg
    /// TIFF, little- (`II`) or big-endian (`MM`); metadata in IFD0 and its sub-IFDs.
    case tiff
    /// HEIF/HEIC (ISO/IEC 23008-12 over the ISO base media file format).
    case heif
}

/// What a photo file says about when, where and with what it was taken.
///
/// Values are as stored unless noted: strings keep their stored form (exiftool's `-n` form),
/// numbers are converted to plain units. A value the file does not carry (or carries in a form
/// that cannot be read, such as a rational with a zero denominator) is `nil`.
public struct PhotoMetadata: Sendable, Equatable, Codable {
    /// The container format.
    public var format: ImageFormat
    /// EXIF DateTimeOriginal (0x9003) as stored, normally `"YYYY:MM:DD HH:MM:SS"`, local time.
    public var dateTimeOriginal: String?
    /// EXIF SubSecTimeOriginal (0x9291): fractional-second digits, e.g. `"054"` for 0.054 s.
    public var subSecTimeOriginal: String?
    /// EXIF OffsetTimeOriginal (0x9011): the UTC offset of ``dateTimeOriginal``, e.g. `"+01:00"`.
    public var offsetTimeOriginal: String?
    /// Latitude in signed decimal degrees (GPSLatitudeRef `S` makes it negative).
    public var latitude: Double?
    /// Longitude in signed decimal degrees (GPSLongitudeRef `W` makes it negative).
    public var longitude: Double?
    /// Altitude in metres; negative below sea level (GPSAltitudeRef 1).
    public var altitude: Double?
    /// GPSDateStamp + GPSTimeStamp as `"YYYY:MM:DD HH:MM:SS(.fff)Z"` (UTC), when both are present.
    public var gpsTimestamp: String?
    /// GPSImgDirection in degrees (true or magnetic north, as the file's ref says).
    public var imgDirection: Double?
    /// EXIF orientation 1...8. For HEIF it is derived from the primary item's `irot`/`imir`
    /// properties (1 when it has neither), not from the EXIF tag, which HEIF viewers ignore.
    public var orientation: Int?
    /// Displayed pixel width: the stored width (JPEG SOFn, TIFF ImageWidth, HEIF `ispe`),
    /// swapped with the height when ``orientation`` rotates by 90° (5...8).
    public var width: Int?
    /// Displayed pixel height (see ``width``).
    public var height: Int?
    /// IFD0 Make, trimmed of trailing NULs and spaces.
    public var make: String?
    /// IFD0 Model, trimmed of trailing NULs and spaces.
    public var model: String?
    /// FocalLength (0x920A) in millimetres.
    public var focalLength: Double?
    /// FocalLengthIn35mmFilm (0xA405) in millimetres.
    public var focalLengthIn35mmFilm: Double?
    /// The parts of the file that were skipped because they could not be read (a tag whose value
    /// runs past the end, an IFD pointer outside the data, stray bytes between JPEG segments), in
    /// the order they were met; empty when everything read. Not part of the `Codable` form.
    public var warnings: [PhotoMetadataWarning] = []

    private enum CodingKeys: String, CodingKey {
        case format, dateTimeOriginal, subSecTimeOriginal, offsetTimeOriginal, latitude, longitude
        case altitude, gpsTimestamp, imgDirection, orientation, width, height, make, model
        case focalLength, focalLengthIn35mmFilm
    }

    /// Metadata with only the format set.
    public init(format: ImageFormat) {
        self.format = format
    }
}

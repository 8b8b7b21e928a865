import GeoKit

/// One photo as a photo source reports it: identity, capture time, place, size — never pixels.
///
/// A folder scan fills it from EXIF; the PhotoKit adapter (Apple shell) from `PHAsset`.
public struct PhotoAsset: Sendable, Equatable, Codable, Identifiable {
    /// Stable identity within its source (a relative path, a `PHAsset.localIdentifier`).
    public var id: String
    /// When it was taken, if known.
    public var captureTime: CaptureTime?
    /// Where it was taken, if known.
    public var coordinate: Coordinate?
    /// Pixel width and height as displayed, if known.
    public var pixelWidth: Int?
    /// Pixel height as displayed, if known.
    public var pixelHeight: Int?
    /// A local file a renderer may decode (nil for cloud-only assets: never force a download).
    public var localPath: String?
    /// Whether it is a screenshot (PhotoKit's `.photoScreenshot` subtype; a folder: the file
    /// name says "screenshot"), which a run may exclude (seed §10.5, §17.2).
    public var isScreenshot: Bool

    /// Creates an asset.
    public init(
        id: String, captureTime: CaptureTime?, coordinate: Coordinate?, pixelWidth: Int? = nil,
        pixelHeight: Int? = nil, localPath: String? = nil, isScreenshot: Bool = false
    ) {
        self.id = id
        self.captureTime = captureTime
        self.coordinate = coordinate
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.localPath = localPath
        self.isScreenshot = isScreenshot
    }

    private enum CodingKeys: String, CodingKey {
        case id, captureTime, coordinate, pixelWidth, pixelHeight, localPath, isScreenshot
    }

    /// Decodes an asset; one written before screenshots were recorded is not a screenshot.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        captureTime = try container.decodeIfPresent(CaptureTime.self, forKey: .captureTime)
        coordinate = try container.decodeIfPresent(Coordinate.self, forKey: .coordinate)
        pixelWidth = try container.decodeIfPresent(Int.self, forKey: .pixelWidth)
        pixelHeight = try container.decodeIfPresent(Int.self, forKey: .pixelHeight)
        localPath = try container.decodeIfPresent(String.self, forKey: .localPath)
        isScreenshot = try container.decodeIfPresent(Bool.self, forKey: .isScreenshot) ?? false
    }
}

/// How a source knows when a photo was taken.
public enum CaptureTime: Sendable, Equatable, Codable {
    /// The camera's wall clock (EXIF DateTimeOriginal) and, when recorded, its UTC offset in
    /// seconds (OffsetTimeOriginal).
    case wallClock(LocalDateTime, offsetSeconds: Int?)
    /// An absolute instant in seconds since 1970 UTC (PhotoKit's `creationDate`).
    case instant(Double)
}

/// Which clock gave a photo its local time (recorded per asset, design note "Local time of day").
public enum LocalTimeSource: String, Sendable, Codable {
    /// EXIF OffsetTimeOriginal.
    case exifOffset = "exif_offset"
    /// The IANA zone of the photo's location (nearest gazetteer place).
    case locationZone = "location_zone"
    /// The device's zone (no offset and no usable location).
    case deviceZone = "device_zone"
}

/// Offline lookups the engine needs about a coordinate: its time zone and a readable label.
///
/// The gazetteer implements it; tests pass small tables.
public protocol PlaceLookup: Sendable {
    /// The IANA time zone identifier at `coordinate`, or `nil` when unknown.
    func timeZoneIdentifier(at coordinate: Coordinate) -> String?
    /// A human label for a place ("Kallio, Helsinki"), never a street address; `nil` when unknown.
    func label(at coordinate: Coordinate) -> PlaceLabel?
}

/// A place label and how much to trust it.
public struct PlaceLabel: Sendable, Equatable, Codable {
    /// The text shown.
    public var text: String
    /// Confidence: high (neighbourhood/city within a few km), medium, low.
    public var confidence: LabelConfidence

    /// Creates a label.
    public init(text: String, confidence: LabelConfidence) {
        self.text = text
        self.confidence = confidence
    }
}

/// Label confidence levels of seed §9.2.
public enum LabelConfidence: String, Sendable, Codable {
    case high, medium, low
}

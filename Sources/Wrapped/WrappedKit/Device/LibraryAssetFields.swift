import Foundation
import GeoKit

/// What the PhotoKit adapter reads from a `PHAsset` (and, when asked, from its original file),
/// as plain values: the adapter copies fields, ``PhotoAsset/init(libraryAsset:)`` decides.
public struct LibraryAssetFields: Sendable, Equatable {
    /// `localIdentifier`.
    public var identifier: String
    /// `creationDate`: an instant with no zone, or `nil`.
    public var creationDate: Date?
    /// `location?.coordinate.latitude`, degrees.
    public var latitude: Double?
    /// `location?.coordinate.longitude`, degrees.
    public var longitude: Double?
    /// `location?.horizontalAccuracy`, metres; negative means the fix is invalid (CoreLocation).
    public var horizontalAccuracy: Double?
    /// `pixelWidth` (0 when unknown).
    public var pixelWidth: Int
    /// `pixelHeight` (0 when unknown).
    public var pixelHeight: Int
    /// EXIF OffsetTimeOriginal from the original ("+02:00"), read only when
    /// ``needsOffsetTimeOriginal`` is true.
    public var offsetTimeOriginal: String?

    /// Creates the fields.
    public init(
        identifier: String, creationDate: Date?, latitude: Double? = nil, longitude: Double? = nil,
        horizontalAccuracy: Double? = nil, pixelWidth: Int = 0, pixelHeight: Int = 0,
        offsetTimeOriginal: String? = nil
    ) {
        self.identifier = identifier
        self.creationDate = creationDate
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.offsetTimeOriginal = offsetTimeOriginal
    }

    /// The coordinate when the location is valid: both values present and in range, accuracy not
    /// negative, and not the (0, 0) broken GPS units write.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude, !(latitude == 0 && longitude == 0) else { return nil }
        if let horizontalAccuracy, horizontalAccuracy < 0 { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Whether the adapter should read OffsetTimeOriginal from the original (a costly resource
    /// read through `PHAssetResourceManager`): only when the asset is dated and has no valid
    /// location, so its zone cannot be resolved from where it was taken.
    public var needsOffsetTimeOriginal: Bool { creationDate != nil && coordinate == nil }
}

extension PhotoAsset {
    /// The asset of a library photo: the creation instant as an instant, or, with a readable
    /// OffsetTimeOriginal, as the wall clock at that offset (so its local day is the camera's);
    /// a valid location; positive pixel sizes; no local path (PhotoKit photos are drawn from
    /// thumbnails, never from a file).
    public init(libraryAsset fields: LibraryAssetFields) {
        var time: CaptureTime?
        if let date = fields.creationDate {
            let seconds = date.timeIntervalSince1970
            if let text = fields.offsetTimeOriginal, let offset = UTCOffset.seconds(parsing: text) {
                time = .wallClock(
                    LocalDateTime(secondsSinceEpoch: seconds, offset: offset), offsetSeconds: offset)
            } else {
                time = .instant(seconds)
            }
        }
        self.init(
            id: fields.identifier, captureTime: time, coordinate: fields.coordinate,
            pixelWidth: fields.pixelWidth > 0 ? fields.pixelWidth : nil,
            pixelHeight: fields.pixelHeight > 0 ? fields.pixelHeight : nil, localPath: nil)
    }
}

/// EXIF offset strings (OffsetTime, OffsetTimeOriginal: "±HH:MM").
public enum UTCOffset {
    /// Seconds east of UTC for "+HH:MM", "-HH:MM" or "+HHMM" (surrounding spaces and NULs
    /// ignored), within −12:00…+14:00 and minutes below 60; `nil` otherwise.
    public static func seconds(parsing text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \0"))
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let digits = trimmed.dropFirst().filter { $0 != ":" }
        let colons = trimmed.dropFirst().filter { $0 == ":" }.count
        guard digits.count == 4, colons <= 1, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), minutes < 60
        else { return nil }
        if colons == 1,
            trimmed.dropFirst().firstIndex(of: ":") != trimmed.index(trimmed.startIndex, offsetBy: 3)
        {
            return nil
        }
        let value = (hours * 3_600 + minutes * 60) * (sign == "-" ? -1 : 1)
        guard (-12 * 3_600)...(14 * 3_600) ~= value else { return nil }
        return value
    }
}

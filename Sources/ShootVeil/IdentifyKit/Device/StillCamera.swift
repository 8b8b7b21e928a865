import Foundation
import GeoKit

/// What a still photo's file carries besides the picture, so that `loci identify --photo` (and
/// the phone's own still path) can identify it later: where the phone was, where the camera
/// pointed, and when.
public struct StillPhotoTags: Sendable, Hashable {
    /// Where the phone was (EXIF `GPSLatitude`/`GPSLongitude` with their refs).
    public var coordinate: Coordinate
    /// Metres above mean sea level (EXIF `GPSAltitude`/`GPSAltitudeRef`), when known.
    public var altitude: Double?
    /// The optical axis's heading, degrees clockwise from true north, 0..<360 (EXIF
    /// `GPSImgDirection` with `GPSImgDirectionRef` `T`).
    public var heading: Double
    /// When the photo was taken.
    public var time: Date

    /// Tags from their parts; `heading` is normalised to 0..<360.
    public init(coordinate: Coordinate, altitude: Double?, heading: Double, time: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.heading = Angle.normalizeBearing(heading)
        self.time = time
    }

    /// `"N"` or `"S"`.
    public var latitudeRef: String { coordinate.latitude >= 0 ? "N" : "S" }
    /// `"E"` or `"W"`.
    public var longitudeRef: String { coordinate.longitude >= 0 ? "E" : "W" }
}

/// The camera's still photos (`AVCapturePhotoOutput` on the phone; a test's fake writes a JPEG).
public protocol StillCamera: Sendable {
    /// Takes one photo and returns its file (HEIC or JPEG) with `tags` in its metadata: GPS
    /// position and altitude, `GPSImgDirection` (true), the capture time, and the camera's own
    /// EXIF (size, orientation, `FocalLengthIn35mmFilm`).
    /// - Throws: when the camera is not running or the capture fails (its own words).
    func capturePhoto(tags: StillPhotoTags) async throws -> Data
}

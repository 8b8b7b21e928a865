import Foundation
import GeoKit
import PhotoMetadata

extension CaptureMetadata {
    /// Capture metadata from a photo's EXIF: GPS position and altitude (above sea level), the
    /// camera's compass direction (`GPSImgDirection`), `FocalLengthIn35mmFilm` and the image size.
    ///
    /// EXIF has no pitch, roll or heading accuracy: pass them (level and 15° when unknown, a
    /// typical phone compass). The capture time is `DateTimeOriginal` with its `OffsetTimeOriginal`;
    /// without the offset the time is left unknown rather than guessed.
    ///
    /// - Throws: ``IdentifyError/Kind/photoMetadata(_:)`` naming every missing field.
    public init(
        photo: PhotoMetadata, pitch: Double = 0, roll: Double = 0, headingOverride: Double? = nil,
        headingAccuracy: Double = 15, time: Date? = nil
    ) throws(IdentifyError) {
        var missing: [String] = []
        if photo.latitude == nil || photo.longitude == nil {
            missing.append("GPS position (GPSLatitude/GPSLongitude)")
        }
        if headingOverride == nil, photo.imgDirection == nil {
            missing.append("camera direction (GPSImgDirection)")
        }
        if photo.focalLengthIn35mmFilm == nil { missing.append("35 mm focal length (FocalLengthIn35mmFilm)") }
        if photo.width == nil || photo.height == nil { missing.append("image size") }
        guard missing.isEmpty, let latitude = photo.latitude, let longitude = photo.longitude,
            let heading = headingOverride ?? photo.imgDirection, let focal = photo.focalLengthIn35mmFilm,
            let width = photo.width, let height = photo.height
        else { throw IdentifyError(.photoMetadata("missing " + missing.joined(separator: ", "))) }
        let coordinate: Coordinate
        do { coordinate = try Coordinate(latitude: latitude, longitude: longitude) } catch {
            throw IdentifyError(.photoMetadata("GPS position: \(error.description)"))
        }
        // EXIF sizes are of the stored pixels; orientations 5–8 turn the picture a quarter.
        let turned = (5...8).contains(photo.orientation ?? 1)
        let intrinsics = try CameraIntrinsics(
            focalLength35mm: focal, width: turned ? height : width, height: turned ? width : height)
        try self.init(
            time: time ?? photo.captureDate, coordinate: coordinate, ellipsoidalHeight: nil,
            altitudeMSL: photo.altitude,
            attitude: CameraAttitude(heading: heading, pitch: pitch, roll: roll),
            headingAccuracy: headingAccuracy,
            intrinsics: intrinsics)
    }
}

extension PhotoMetadata {
    /// The capture instant, when `OffsetTimeOriginal` fixes it (``PhotoCaptureTime/instant``).
    var captureDate: Date? {
        PhotoCaptureTime(
            dateTimeOriginal: dateTimeOriginal, subSecTimeOriginal: subSecTimeOriginal,
            offsetTimeOriginal: offsetTimeOriginal)?.instant
    }
}

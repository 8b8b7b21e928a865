import Foundation
import GeoKit
import IdentifyKit
import PhotoMetadata

/// One identification as a caller gives it, before any of it is trusted: the one input builder
/// that `loci identify` and `POST /v1/identify` (JSON and multipart) both fill in and call
/// ``request(aircraft:)`` on. Every number is checked against its ``IdentifyInputField`` range
/// where it enters, before any work is done, so a value that would make the identification
/// meaningless or unbounded (an accuracy of 1e308°, a heading of 400°) is refused naming the
/// field and its range.
///
/// Altitude has one meaning here: metres above mean sea level (what EXIF `GPSAltitude`, a phone's
/// `altitude` and the route's `altitude` give). `loci identify --alt` is read the same way.
public struct IdentifyInput: Sendable {
    /// Where the camera and its intrinsics come from.
    public enum Camera: Sendable {
        /// Explicit values: position, image size, and the field of view or the 35 mm equivalent
        /// focal length (exactly one of them).
        case explicit(
            latitude: Double, longitude: Double, altitude: Double?, width: Int, height: Int,
            fieldOfView: Double?, focalLength35mm: Double?)
        /// A photo's EXIF: GPS position and altitude, direction, 35 mm focal length and size.
        case photo(PhotoMetadata)
    }

    /// The camera.
    public var camera: Camera
    /// Compass heading of the optical axis, degrees from true north: required with
    /// ``Camera/explicit(latitude:longitude:altitude:width:height:fieldOfView:focalLength35mm:)``,
    /// an override of EXIF's `GPSImgDirection` with a photo.
    public var heading: Double?
    /// One-sigma heading accuracy, degrees (default 15, a typical phone compass).
    public var accuracy: Double?
    /// Pitch of the optical axis above the horizon, degrees (default 0).
    public var pitch: Double?
    /// Roll about the optical axis, degrees clockwise (default 0).
    public var roll: Double?
    /// The capture instant (default: the photo's, else unknown).
    public var time: Date?
    /// The tap's x in pixels from the image's left edge.
    public var tapX: Double
    /// The tap's y in pixels from the image's top edge.
    public var tapY: Double

    /// The default heading accuracy, degrees.
    public static let defaultAccuracy = 15.0

    /// An input from its parts.
    public init(
        camera: Camera, heading: Double? = nil, accuracy: Double? = nil, pitch: Double? = nil,
        roll: Double? = nil, time: Date? = nil, tapX: Double, tapY: Double
    ) {
        self.camera = camera
        self.heading = heading
        self.accuracy = accuracy
        self.pitch = pitch
        self.roll = roll
        self.time = time
        self.tapX = tapX
        self.tapY = tapY
    }

    /// A tap written `x,y` (pixels from the top-left corner), as the CLI's `--tap` and the
    /// multipart `tap` part give it: two finite numbers.
    /// - Throws: ``IdentifyInputError/Kind/malformedTap(_:)``.
    public static func tap(_ text: String) throws(IdentifyInputError) -> (x: Double, y: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw IdentifyInputError(.malformedTap(text))
        }
        return (x, y)
    }

    /// The checked request: every value within its range, the capture built, the tap inside the
    /// image.
    /// - Throws: ``IdentifyInputError`` naming the first field out of range (or missing), the
    ///   photo's missing EXIF fields, or the tap outside the image.
    public func request(aircraft: AircraftSnapshot? = nil) throws(IdentifyInputError) -> IdentifyRequest {
        try IdentifyInputField.heading.check(heading)
        try IdentifyInputField.accuracy.check(accuracy)
        try IdentifyInputField.pitch.check(pitch)
        try IdentifyInputField.roll.check(roll)
        try IdentifyInputField.time.check(time?.timeIntervalSince1970)
        try IdentifyInputField.tapX.check(tapX)
        try IdentifyInputField.tapY.check(tapY)
        let capture: CaptureMetadata
        do {
            capture = try makeCapture()
        } catch let error as IdentifyInputError {
            throw error
        } catch let error as IdentifyError {
            throw IdentifyInputError(error)
        } catch {
            throw IdentifyInputError(IdentifyError(.invalidCapture(field: "capture", reason: "\(error)")))
        }
        do { _ = try capture.direction(tapX: tapX, y: tapY) } catch { throw IdentifyInputError(error) }
        return IdentifyRequest(capture: capture, tapX: tapX, tapY: tapY, aircraft: aircraft)
    }

    private func makeCapture() throws -> CaptureMetadata {
        let accuracy = accuracy ?? Self.defaultAccuracy
        switch camera {
        case .photo(let photo):
            // EXIF's own values enter here too: a corrupt tag is refused like a bad field.
            try IdentifyInputField.altitude.check(photo.altitude)
            try IdentifyInputField.heading.check(heading == nil ? photo.imgDirection : nil)
            try IdentifyInputField.focalLength35mm.check(photo.focalLengthIn35mmFilm)
            try IdentifyInputField.width.check(photo.width.map(Double.init))
            try IdentifyInputField.height.check(photo.height.map(Double.init))
            return try CaptureMetadata(
                photo: photo, pitch: pitch ?? 0, roll: roll ?? 0, headingOverride: heading,
                headingAccuracy: accuracy, time: time)
        case .explicit(let latitude, let longitude, let altitude, let width, let height, let fov, let focal):
            try IdentifyInputField.latitude.check(latitude)
            try IdentifyInputField.longitude.check(longitude)
            try IdentifyInputField.altitude.check(altitude)
            try IdentifyInputField.width.check(Double(width))
            try IdentifyInputField.height.check(Double(height))
            try IdentifyInputField.fieldOfView.check(fov)
            try IdentifyInputField.focalLength35mm.check(focal)
            guard let heading else { throw IdentifyInputError(.missing(.heading)) }
            let intrinsics: CameraIntrinsics
            switch (fov, focal) {
            case (let fov?, nil):
                intrinsics = try CameraIntrinsics(horizontalFieldOfView: fov, width: width, height: height)
            case (nil, let focal?):
                intrinsics = try CameraIntrinsics(focalLength35mm: focal, width: width, height: height)
            case (nil, nil): throw IdentifyInputError(.missing(.fieldOfView))
            case (_?, _?): throw IdentifyInputError(.conflicting(.fieldOfView, .focalLength35mm))
            }
            return try CaptureMetadata(
                time: time, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                ellipsoidalHeight: nil, altitudeMSL: altitude,
                attitude: CameraAttitude(heading: heading, pitch: pitch ?? 0, roll: roll ?? 0),
                headingAccuracy: accuracy, intrinsics: intrinsics)
        }
    }
}

/// A number an identification takes, with the range it must be in and why (the ranges are
/// listed with their reasons in `docs/reliability.md`). The raw value is the field's name on the
/// wire (JSON member or multipart part); the CLI maps it to its option.
public enum IdentifyInputField: String, Sendable, CaseIterable {
    case latitude = "lat"
    case longitude = "lon"
    case altitude
    case heading
    case accuracy
    case pitch
    case roll
    case fieldOfView = "fov"
    case focalLength35mm = "focal_length_35mm"
    case width
    case height
    case time
    case tapX = "tap_x"
    case tapY = "tap_y"

    /// The allowed range: `lower` and `upper`, each included or not.
    public var range: (lower: Double, lowerIncluded: Bool, upper: Double, upperIncluded: Bool) {
        switch self {
        case .latitude: (-90, true, 90, true)
        case .longitude: (-180, true, 180, true)
        // The Dead Sea shore (−430 m) to above an airliner's cruise (a photo from its window).
        case .altitude: (-1_000, true, 20_000, true)
        // A compass heading; 360 is written 0.
        case .heading: (0, true, 360, false)
        // One sigma past 180° says nothing more about direction; beyond it the Monte Carlo
        // sampler would only be asked to draw from a circle it cannot wrap.
        case .accuracy: (0, true, 180, true)
        case .pitch: (-90, true, 90, true)
        case .roll: (-180, true, 180, true)
        case .fieldOfView: (0, false, 180, false)
        // A 35 mm equivalent: fisheyes start near 8 mm, the longest lenses end near 5,000 mm.
        case .focalLength35mm: (0, false, 5_000, true)
        case .width, .height: (1, true, 100_000, true)
        // Seconds since 1970: 2000-01-01 to 2100-01-01 (aircraft feeds and phone clocks).
        case .time: (946_684_800, true, 4_102_444_800, false)
        // Pixels: the image's own size bounds them again once the capture is known.
        case .tapX, .tapY: (0, true, 100_000, true)
        }
    }

    /// The unit a person reads after the range.
    public var unit: String {
        switch self {
        case .latitude, .longitude, .heading, .accuracy, .pitch, .roll, .fieldOfView: "degrees"
        case .altitude: "metres above sea level"
        case .focalLength35mm: "mm"
        case .width, .height, .tapX, .tapY: "pixels"
        case .time: "2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z"
        }
    }

    /// Whether `value` is within the range (NaN and infinities never are).
    public func contains(_ value: Double) -> Bool {
        let r = range
        guard value.isFinite else { return false }
        return (r.lowerIncluded ? value >= r.lower : value > r.lower)
            && (r.upperIncluded ? value <= r.upper : value < r.upper)
    }

    /// The range in words: `at least 0 and less than 360 degrees`.
    public var rangeDescription: String {
        if self == .time { return "from \(unit)" }
        let r = range
        return "\(r.lowerIncluded ? "at least" : "greater than") \(Self.text(r.lower)) and "
            + "\(r.upperIncluded ? "at most" : "less than") \(Self.text(r.upper)) \(unit)"
    }

    /// Throws unless `value` is nil or within the range.
    func check(_ value: Double?) throws(IdentifyInputError) {
        guard let value, !contains(value) else { return }
        throw IdentifyInputError(.outOfRange(self, value: value))
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Why an identification input was refused: which field and why, in one line.
public struct IdentifyInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// A value outside its field's range.
        case outOfRange(IdentifyInputField, value: Double)
        /// A required field is absent.
        case missing(IdentifyInputField)
        /// Two fields that exclude each other were both given.
        case conflicting(IdentifyInputField, IdentifyInputField)
        /// A tap that is not two numbers `x,y` (the text given).
        case malformedTap(String)
        /// The capture could not be built (a photo without what identification needs, a tap
        /// outside the image, a value IdentifyKit refuses).
        case capture(IdentifyError)
    }

    /// What was wrong.
    public var kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// An identification error of the capture.
    public init(_ error: IdentifyError) { self.kind = .capture(error) }

    /// The field at fault, when one is.
    public var field: IdentifyInputField? {
        switch kind {
        case .outOfRange(let field, _), .missing(let field), .conflicting(let field, _): field
        case .malformedTap: .tapX
        case .capture: nil
        }
    }

    /// What is wrong after the field's name: `1e+308 is out of range: must be at least 0 and at most 180 degrees`.
    public var reason: String {
        switch kind {
        case .outOfRange(let field, let value):
            let shown = field == .time ? ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: value)) : IdentifyInputField.text(value)
            return "\(shown) is out of range: must be \(field.rangeDescription)"
        case .missing: return "is required"
        case .conflicting(_, let other): return "cannot be combined with \(other.rawValue)"
        case .malformedTap(let text): return "\"\(text)\" is not two numbers x,y"
        case .capture(let error): return error.description
        }
    }

    /// `accuracy: 1e+308 is out of range: must be at least 0 and at most 180 degrees`.
    public var description: String {
        switch kind {
        case .missing(.fieldOfView): "fov or focal_length_35mm is required"
        case .conflicting(let a, let b): "give \(a.rawValue) or \(b.rawValue), not both"
        case .capture(let error): error.description
        case .malformedTap(let text): "tap must be two numbers x,y, got \"\(text)\""
        default: "\(field?.rawValue ?? "capture"): \(reason)"
        }
    }
}

import Foundation
import GeoKit
import IdentifyKit
import ShootVeilFeature

/// A recorded capture sequence (`Fixtures/*.json`, written by `Fixtures/make-captures.py` from
/// the West Village footprints and the Irvine ADS-B snapshot): sensor readings and taps in time
/// order, each tap with what the geometry says it must give.
struct CaptureFixture: Decodable {
    struct Format: Decodable {
        var longSide: Int
        var shortSide: Int
        var fieldOfView: Double
        var zoom: Double
    }

    struct Size: Decodable {
        var width: Double
        var height: Double
    }

    struct Location: Decodable {
        var latitude: Double
        var longitude: Double
        var ellipsoidalAltitude: Double
        var altitude: Double
        var horizontalAccuracy: Double
        var verticalAccuracy: Double
    }

    struct Heading: Decodable {
        var trueHeading: Double
        var accuracy: Double
    }

    struct Expect: Decodable {
        var outcome: String
        var blocker: String?
        var accuracy: Double?
        var id: String?
        var azimuth: Double?
        var elevation: Double?
        var height: Double?
        var entry: Double?
        var slant: Double?
        var mapsLatitude: Double?
        var mapsLongitude: Double?
    }

    struct Event: Decodable {
        var time: Double
        var location: Location?
        var heading: Heading?
        var attitude: AttitudeQuaternion?
        var tap: PlanePoint?
        var expect: Expect?
    }

    var name: String
    var description: String
    var format: Format
    var preview: Size
    var buildings: Bool
    var aircraftFeed: String?
    var events: [Event]

    /// The fixture named `name`.
    static func load(_ name: String) throws -> CaptureFixture {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/\(name).json"])
        }
        return try JSONDecoder().decode(CaptureFixture.self, from: Data(contentsOf: url))
    }

    /// The camera format the fixture was recorded with.
    func cameraFormat() throws -> CameraFormat {
        try CameraFormat(
            longSide: format.longSide, shortSide: format.shortSide, fieldOfView: format.fieldOfView, zoom: format.zoom)
    }

    /// The reading an event carries, if it is one.
    func input(_ event: Event) throws -> SensorInput? {
        if let l = event.location {
            return .location(
                .sample(
                    LocationSample(
                        coordinate: try Coordinate(latitude: l.latitude, longitude: l.longitude),
                        ellipsoidalAltitude: l.ellipsoidalAltitude, altitude: l.altitude,
                        horizontalAccuracy: l.horizontalAccuracy, verticalAccuracy: l.verticalAccuracy, time: event.time)))
        }
        if let h = event.heading {
            return .heading(HeadingSample(trueHeading: h.trueHeading, accuracy: h.accuracy, time: event.time))
        }
        if let q = event.attitude { return .attitude(AttitudeSample(quaternion: q, time: event.time)) }
        return nil
    }
}

import Foundation
import Testing

@testable import GeoKit

@Suite("Coordinate validation")
struct CoordinateTests {
    @Test("accepts the corners of the valid range")
    func acceptsCorners() throws {
        for (lat, lon) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0)] {
            let c = try Coordinate(latitude: lat, longitude: lon)
            #expect(c.latitude == lat && c.longitude == lon)
        }
    }

    @Test(
        "refuses NaN and infinities, naming the field",
        arguments: [
            (Double.nan, 0.0, "latitude"), (0.0, Double.nan, "longitude"),
            (Double.infinity, 0.0, "latitude"), (0.0, -Double.infinity, "longitude"),
        ])
    func refusesNonFinite(lat: Double, lon: Double, field: String) {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: lat, longitude: lon) }
        do {
            _ = try Coordinate(latitude: lat, longitude: lon)
        } catch {
            #expect(error.description.hasPrefix(field))
        }
    }

    @Test("refuses out-of-range values")
    func refusesOutOfRange() {
        #expect(throws: CoordinateError.latitudeOutOfRange(90.0001)) {
            try Coordinate(latitude: 90.0001, longitude: 0)
        }
        #expect(throws: CoordinateError.longitudeOutOfRange(-180.5)) {
            try Coordinate(latitude: 0, longitude: -180.5)
        }
    }

    @Test(
        "wraps longitudes when asked",
        arguments: [(190.0, -170.0), (-190.0, 170.0), (540.0, 180.0), (360.0, 0.0)])
    func wrapsLongitude(input: Double, expected: Double) throws {
        let c = try Coordinate(latitude: 10, wrappingLongitude: input)
        #expect(abs(c.longitude - expected) < 1e-12)
    }

    @Test("parses LAT,LON text and explains bad text")
    func parsesText() throws {
        let c = try Coordinate(parsing: " 60.1699, 24.9384 ")
        #expect(c.latitude == 60.1699 && c.longitude == 24.9384)
        #expect(throws: CoordinateError.self) { try Coordinate(parsing: "60.1") }
        #expect(throws: CoordinateError.self) { try Coordinate(parsing: "north,24") }
        #expect(throws: CoordinateError.latitudeOutOfRange(91)) { try Coordinate(parsing: "91,0") }
    }

    @Test("decoding validates like the initialiser")
    func decodingValidates() throws {
        let good = #"{"latitude": 1.5, "longitude": 2.5}"#.data(using: .utf8)!
        let c = try JSONDecoder().decode(Coordinate.self, from: good)
        #expect(c == Coordinate(uncheckedLatitude: 1.5, longitude: 2.5))
        let bad = #"{"latitude": 100, "longitude": 2.5}"#.data(using: .utf8)!
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: bad) }
    }
}

import GeoKit
import GoogleRoutes
import RoutingKit
import Testing

@Suite("Encoded polylines")
struct EncodedPolylineTests {
    @Test("Google's documented example decodes to its three points")
    func documentedExample() throws {
        // From the Encoded Polyline Algorithm Format page: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
        let points = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(points.count == 3)
        let expected = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]
        for (point, (latitude, longitude)) in zip(points, expected) {
            #expect(abs(point.latitude - latitude) < 1e-9 && abs(point.longitude - longitude) < 1e-9)
        }
    }

    @Test(
        "a truncated or foreign string is a typed error, not a crash",
        arguments: ["_p~iF~ps|U_", "_p~iF ps|U", "\u{7f}"])
    func malformed(text: String) {
        #expect(throws: DirectionsError.self) { try EncodedPolyline.decode(text) }
    }
}

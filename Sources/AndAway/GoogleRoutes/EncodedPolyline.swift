import GeoKit
import RoutingKit

/// Google's encoded polyline format (the "Encoded Polyline Algorithm Format": deltas of
/// coordinates × 1e5, zig-zag signed, 5-bit chunks + 63 as ASCII).
public enum EncodedPolyline {
    /// The points of an encoded polyline.
    ///
    /// - Throws: ``DirectionsError/malformedResponse(provider:field:message:)`` naming the byte
    ///   offset of a character outside `?`…`~`, a truncated value or an out-of-range coordinate.
    public static func decode(_ text: String, field: String = "polyline") throws(DirectionsError)
        -> [Coordinate]
    {
        let bytes = Array(text.utf8)
        var points: [Coordinate] = []
        var index = 0
        var latitude = 0
        var longitude = 0
        func next() throws(DirectionsError) -> Int {
            var result = 0
            var shift = 0
            while true {
                guard index < bytes.count else {
                    throw .malformedResponse(
                        provider: "polyline", field: field, message: "truncated value at byte \(index)")
                }
                let chunk = Int(bytes[index]) - 63
                guard (0..<64).contains(chunk), shift < 35 else {
                    throw .malformedResponse(
                        provider: "polyline", field: field, message: "invalid character at byte \(index)")
                }
                index += 1
                result |= (chunk & 0x1f) << shift
                shift += 5
                if chunk < 0x20 { break }
            }
            return (result & 1) != 0 ? ~(result >> 1) : result >> 1
        }
        while index < bytes.count {
            latitude += try next()
            longitude += try next()
            do {
                points.append(
                    try Coordinate(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5))
            } catch {
                throw .malformedResponse(provider: "polyline", field: field, message: error.description)
            }
        }
        return points
    }
}

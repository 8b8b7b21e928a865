import Foundation
import GeoKit

/// The compact building footprint (and street line) blob: 8 bytes per vertex, little-endian `Int32` latitude then
/// longitude in units of 10⁻⁷ degree (OSM's own precision, ≈ 1 cm), in ring order.
///
/// A ring of n vertices takes 8n bytes (GeoJSON text takes about 40n).
public enum FootprintCodec {
    /// Bytes per vertex.
    public static let bytesPerVertex = 8

    /// Encodes a ring; coordinates are rounded to 10⁻⁷ degree.
    /// - Complexity: O(n).
    public static func encode(_ ring: [Coordinate]) -> Data {
        var bytes = [UInt8]()
        bytes.reserveCapacity(ring.count * bytesPerVertex)
        for vertex in ring {
            for value in [vertex.latitude, vertex.longitude] {
                let fixed = Int32((value * 1e7).rounded())
                withUnsafeBytes(of: fixed.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return Data(bytes)
    }

    /// Decodes a blob made by ``encode(_:)``; `nil` when its length is not a multiple of 8 or a
    /// value is out of range.
    /// - Complexity: O(n).
    public static func decode(_ data: Data) -> [Coordinate]? {
        guard data.count % bytesPerVertex == 0 else { return nil }
        let bytes = [UInt8](data)
        var ring: [Coordinate] = []
        ring.reserveCapacity(bytes.count / bytesPerVertex)
        func int32(at offset: Int) -> Int32 {
            var raw: UInt32 = 0
            for index in 0..<4 { raw |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
            return Int32(bitPattern: raw)
        }
        var offset = 0
        while offset < bytes.count {
            let latitude = Double(int32(at: offset)) / 1e7
            let longitude = Double(int32(at: offset + 4)) / 1e7
            guard let vertex = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
            ring.append(vertex)
            offset += bytesPerVertex
        }
        return ring
    }
}

import Foundation
import GeoKit
import WrappedKit

/// Small builders for test libraries.
enum Library {
    static func wall(_ iso: String, offset: Int? = nil) -> CaptureTime {
        // "YYYY-MM-DD HH:MM:SS"
        let parts = iso.split(separator: " ")
        let date = LocalDate(iso: parts[0])!
        let t = parts[1].split(separator: ":").map { Int($0)! }
        return .wallClock(LocalDateTime(date: date, hour: t[0], minute: t[1], second: t[2])!, offsetSeconds: offset)
    }

    static func photo(_ id: String, _ iso: String, _ lat: Double?, _ lon: Double?, offset: Int? = 0, path: String? = nil) -> PhotoAsset {
        let coordinate = lat.flatMap { lat in lon.map { Coordinate(uncheckedLatitude: lat, longitude: $0) } }
        return PhotoAsset(id: id, captureTime: wall(iso, offset: offset), coordinate: coordinate, localPath: path)
    }

    /// `meters` north and east of `origin` (flat-earth approximation, fine below a few km).
    static func offset(_ origin: Coordinate, north: Double, east: Double) -> Coordinate {
        let lat = origin.latitude + north / 111_195
        let lon = origin.longitude + east / (111_195 * cos(origin.latitude * .pi / 180))
        return Coordinate(uncheckedLatitude: lat, longitude: lon)
    }
}

/// A lookup answering from a fixed table of (centre, radius, label, zone).
struct TableLookup: PlaceLookup {
    var entries: [(center: Coordinate, radius: Double, label: String, zone: String)]

    func timeZoneIdentifier(at coordinate: Coordinate) -> String? {
        entries.min { Haversine.distance($0.center, coordinate) < Haversine.distance($1.center, coordinate) }?.zone
    }

    func label(at coordinate: Coordinate) -> PlaceLabel? {
        entries.first { Haversine.distance($0.center, coordinate) <= $0.radius }.map { PlaceLabel(text: $0.label, confidence: .high) }
    }
}

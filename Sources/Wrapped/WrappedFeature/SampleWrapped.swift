import Foundation
import GeoKit
import WrappedKit

/// The sample deck shown when the user denies photo access (seed §6.1: "a limited demo mode"):
/// a made-up 2025 in four places, computed by the real engine so it looks like a real deck.
/// No photo, no randomness: the same deck every time.
public enum SampleWrapped {
    /// The made-up places: label, zone, position, days visited, photos per visit.
    static let places: [(label: String, zone: String, lat: Double, lon: Double, days: [Int], perDay: Int)] = [
        (
            "Kallio, Helsinki", "Europe/Helsinki", 60.1841, 24.9503,
            Array(stride(from: 3, through: 360, by: 9)), 3
        ),
        ("Suomenlinna, Helsinki", "Europe/Helsinki", 60.1454, 24.9881, [130, 131, 190, 191, 240], 8),
        ("Trastevere, Rome", "Europe/Rome", 41.8897, 12.4695, Array(150...156), 6),
        ("Tallinn Old Town", "Europe/Tallinn", 59.4370, 24.7536, [60, 61], 5),
    ]

    /// The sample's days: all of 2025.
    public static let days =
        LocalDate(year: 2025, month: 1, day: 1)!...LocalDate(year: 2025, month: 12, day: 31)!

    /// The made-up photos: a few each visit, spread over the afternoon, a few metres apart.
    public static var assets: [PhotoAsset] {
        var assets: [PhotoAsset] = []
        for (placeIndex, place) in places.enumerated() {
            for day in place.days {
                let date = days.lowerBound.adding(days: day)
                for shot in 0..<place.perDay {
                    let hour = 11 + (shot * 2 + placeIndex + day) % 10
                    guard let wall = LocalDateTime(date: date, hour: hour, minute: (shot * 7) % 60, second: 0)
                    else { continue }
                    let jitter = Double(shot % 4) * 0.00015
                    assets.append(
                        PhotoAsset(
                            id: "sample-\(placeIndex)-\(day)-\(shot)",
                            captureTime: .wallClock(wall, offsetSeconds: nil),
                            coordinate: Coordinate(
                                uncheckedLatitude: place.lat + jitter, longitude: place.lon - jitter)))
                }
            }
        }
        return assets
    }

    /// The sample Wrapped.
    public static func result() -> WrappedResult {
        WrappedEngine(lookup: SampleLookup(), deviceZone: TimeZone(identifier: "Europe/Helsinki") ?? .gmt)
            .run(assets, range: days)
    }

    /// Labels and zones of the made-up places.
    struct SampleLookup: PlaceLookup {
        func nearest(_ coordinate: Coordinate) -> (
            label: String, zone: String, lat: Double, lon: Double, days: [Int], perDay: Int
        )? {
            SampleWrapped.places.min {
                Haversine.distance(coordinate, Coordinate(uncheckedLatitude: $0.lat, longitude: $0.lon))
                    < Haversine.distance(coordinate, Coordinate(uncheckedLatitude: $1.lat, longitude: $1.lon))
            }
        }

        func timeZoneIdentifier(at coordinate: Coordinate) -> String? { nearest(coordinate)?.zone }

        func label(at coordinate: Coordinate) -> PlaceLabel? {
            nearest(coordinate).map { PlaceLabel(text: $0.label, confidence: .high) }
        }
    }
}

import Foundation
import GeoKit

/// A photo with its capture time resolved to an instant and a local wall clock.
public struct ResolvedPhoto: Sendable, Equatable {
    /// The asset.
    public var asset: PhotoAsset
    /// Seconds since 1970 UTC.
    public var instant: Double
    /// The wall clock where the photo was taken (the day bucket is `local.date`).
    public var local: LocalDateTime
    /// Which clock the local time came from.
    public var source: LocalTimeSource
}

/// Resolves capture times: EXIF offset → the location's zone → the device zone.
///
/// A wall clock is the local time as the camera wrote it; the zone only turns it into an
/// instant (for ordering and the UTC day). An instant (PhotoKit) is turned into local time with
/// the location's zone, else the device's. Zones are cached per identifier.
public struct LocalTimeResolver: Sendable {
    /// The lookup used for location zones (nil: none).
    public let lookup: (any PlaceLookup)?
    /// The device's zone (the last resort).
    public let deviceZone: TimeZone

    /// Creates a resolver.
    public init(lookup: (any PlaceLookup)?, deviceZone: TimeZone) {
        self.lookup = lookup
        self.deviceZone = deviceZone
    }

    /// `asset` resolved, or `nil` when it has no capture time.
    public func resolve(_ asset: PhotoAsset, zones: inout [String: TimeZone]) -> ResolvedPhoto? {
        guard let time = asset.captureTime else { return nil }
        switch time {
        case .wallClock(let wall, let offset?):
            return ResolvedPhoto(
                asset: asset, instant: wall.secondsSinceEpochAsUTC - Double(offset), local: wall, source: .exifOffset)
        case .wallClock(let wall, nil):
            let (zone, source) = zone(for: asset.coordinate, zones: &zones)
            let instant = Self.instant(of: wall, in: zone)
            return ResolvedPhoto(asset: asset, instant: instant, local: wall, source: source)
        case .instant(let seconds):
            let (zone, source) = zone(for: asset.coordinate, zones: &zones)
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
            return ResolvedPhoto(
                asset: asset, instant: seconds, local: LocalDateTime(secondsSinceEpoch: seconds, offset: offset),
                source: source)
        }
    }

    private func zone(for coordinate: Coordinate?, zones: inout [String: TimeZone]) -> (TimeZone, LocalTimeSource) {
        guard let coordinate, let identifier = lookup?.timeZoneIdentifier(at: coordinate) else {
            return (deviceZone, .deviceZone)
        }
        if let cached = zones[identifier] { return (cached, .locationZone) }
        guard let zone = TimeZone(identifier: identifier) else { return (deviceZone, .deviceZone) }
        zones[identifier] = zone
        return (zone, .locationZone)
    }

    /// The instant at which `zone`'s clocks show `wall` (the earlier one in a repeated hour; a
    /// skipped hour is read with the offset before the change).
    static func instant(of wall: LocalDateTime, in zone: TimeZone) -> Double {
        let asUTC = wall.secondsSinceEpochAsUTC
        let first = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: asUTC)))
        let guess = asUTC - first
        let second = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        return second == first ? guess : asUTC - second
    }
}

import Foundation
import GeoKit

extension AircraftFeed {
    /// Reads OpenSky's `/states/all` JSON: `time` and `states`, arrays of 17 or more values in
    /// OpenSky's order — 0 icao24, 1 callsign, 3 time_position, 4 last_contact, 5 longitude,
    /// 6 latitude, 7 baro_altitude (m), 8 on_ground, 9 velocity (m/s), 10 true_track (°),
    /// 11 vertical_rate (m/s), 13 geo_altitude (m). Null fields are unknown; a null position
    /// skips the state; a null `states` is an empty snapshot.
    public static func openSkyStates(_ data: Data) throws(AircraftFeedError) -> AircraftSnapshot {
        try openSky(document(data, format: "OpenSky states"))
    }

    static func openSky(_ object: [String: Any]) throws(AircraftFeedError) -> AircraftSnapshot {
        let f = FeedField(format: "OpenSky states")
        guard let time = try f.number(object["time"], "time") else { throw f.fail("time", "missing") }
        if object["states"] is NSNull { return AircraftSnapshot(time: time, aircraft: []) }
        guard let rows = object["states"] as? [Any] else {
            throw f.fail("states", "expected an array or null")
        }
        var states: [AircraftState] = []
        var withoutPosition = 0
        for (index, raw) in rows.enumerated() {
            let at = "states[\(index)]"
            guard let row = raw as? [Any] else { throw f.fail(at, "expected an array") }
            guard row.count >= 17 else { throw f.fail(at, "\(row.count) values, expected at least 17") }
            guard let icao = try f.string(row[0], at + "[0]"), !icao.isEmpty else {
                throw f.fail(at + "[0]", "missing icao24")
            }
            let lat = try f.number(row[6], at + "[6]")
            let lon = try f.number(row[5], at + "[5]")
            guard let coordinate = try f.coordinate(lat: lat, lon: lon, at + "[6]/[5]") else {
                withoutPosition += 1
                continue
            }
            var onGround = false
            if !(row[8] is NSNull) {
                guard let flag = row[8] as? Bool else {
                    throw f.fail(at + "[8]", "on_ground must be true or false")
                }
                onGround = flag
            }
            let timePosition = try f.number(row[3], at + "[3]")
            let lastContact = try f.number(row[4], at + "[4]")
            let positionTime = timePosition ?? lastContact ?? time
            states.append(
                AircraftState(
                    icao24: icao.lowercased(),
                    callsign: try f.string(row[1], at + "[1]").map { $0.trimmingCharacters(in: .whitespaces) }
                        .flatMap { $0.isEmpty ? nil : $0 },
                    coordinate: coordinate, geometricAltitude: try f.number(row[13], at + "[13]"),
                    barometricAltitude: try f.number(row[7], at + "[7]"), onGround: onGround,
                    groundSpeed: try f.number(row[9], at + "[9]"), track: try f.number(row[10], at + "[10]"),
                    verticalRate: try f.number(row[11], at + "[11]"), positionTime: positionTime))
        }
        return AircraftSnapshot(time: time, aircraft: states, withoutPosition: withoutPosition)
    }
}

import Foundation
import GeoKit

extension AircraftFeed {
    /// Reads a readsb/dump1090 `aircraft.json`: `now` (Unix seconds) and `aircraft` entries with
    /// `hex`, `flight`, `lat`, `lon`, `alt_baro` (ft or `"ground"`), `alt_geom` (ft above the
    /// WGS84 ellipsoid), `gs` (kt), `track` (°), `geom_rate`/`baro_rate` (ft/min), `seen_pos`
    /// (seconds before `now`), `t`/`r` (type, registration) when present.
    public static func readsbAircraft(_ data: Data) throws(AircraftFeedError) -> AircraftSnapshot {
        try readsb(document(data, format: "readsb aircraft.json"))
    }

    static func readsb(_ object: [String: Any]) throws(AircraftFeedError) -> AircraftSnapshot {
        let f = FeedField(format: "readsb aircraft.json")
        guard let now = try f.number(object["now"], "now") else { throw f.fail("now", "missing") }
        guard let entries = object["aircraft"] as? [Any] else {
            throw f.fail("aircraft", "expected an array")
        }
        var states: [AircraftState] = []
        var withoutPosition = 0
        for (index, raw) in entries.enumerated() {
            let at = "aircraft[\(index)]"
            guard let entry = raw as? [String: Any] else { throw f.fail(at, "expected an object") }
            guard let hex = try f.string(entry["hex"], at + ".hex"), !hex.isEmpty else {
                throw f.fail(at + ".hex", "missing")
            }
            let lat = try f.number(entry["lat"], at + ".lat")
            let lon = try f.number(entry["lon"], at + ".lon")
            guard let coordinate = try f.coordinate(lat: lat, lon: lon, at + ".lat/lon") else {
                withoutPosition += 1
                continue
            }
            var onGround = false
            var baro: Double?
            if let text = entry["alt_baro"] as? String {
                guard text == "ground" else {
                    throw f.fail(at + ".alt_baro", "string '\(text)' is not \"ground\"")
                }
                onGround = true
            } else {
                baro = try f.number(entry["alt_baro"], at + ".alt_baro").map {
                    $0 * AircraftState.metresPerFoot
                }
            }
            let seen = try f.number(entry["seen_pos"], at + ".seen_pos") ?? 0
            guard seen >= 0 else { throw f.fail(at + ".seen_pos", "negative age \(seen)") }
            let geometricRate = try f.number(entry["geom_rate"], at + ".geom_rate")
            let barometricRate = try f.number(entry["baro_rate"], at + ".baro_rate")
            let rate = geometricRate ?? barometricRate
            states.append(
                AircraftState(
                    icao24: hex.lowercased(),
                    callsign: try f.string(entry["flight"], at + ".flight").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    .flatMap { $0.isEmpty ? nil : $0 },
                    coordinate: coordinate,
                    geometricAltitude: try f.number(entry["alt_geom"], at + ".alt_geom").map {
                        $0 * AircraftState.metresPerFoot
                    },
                    barometricAltitude: baro, onGround: onGround,
                    groundSpeed: try f.number(entry["gs"], at + ".gs").map {
                        $0 * AircraftState.metresPerSecondPerKnot
                    },
                    track: try f.number(entry["track"], at + ".track"),
                    verticalRate: rate.map { $0 * AircraftState.metresPerFoot / 60 },
                    positionTime: now - seen, type: try f.string(entry["t"], at + ".t"),
                    registration: try f.string(entry["r"], at + ".r")))
        }
        return AircraftSnapshot(time: now, aircraft: states, withoutPosition: withoutPosition)
    }

    /// Reads a readsb trace file (`icao`, `timestamp`, `trace`: arrays of seconds after
    /// `timestamp`, lat, lon, alt_baro ft | "ground" | null, gs kt, track °, flags, vertical rate
    /// ft/min, details | null, source, alt_geom ft, …) into one state per point.
    public static func readsbTrace(_ data: Data) throws(AircraftFeedError) -> [AircraftState] {
        try trace(document(data, format: "readsb trace"))
    }

    static func trace(_ object: [String: Any]) throws(AircraftFeedError) -> [AircraftState] {
        let f = FeedField(format: "readsb trace")
        guard let icao = try f.string(object["icao"], "icao"), !icao.isEmpty else {
            throw f.fail("icao", "missing")
        }
        guard let start = try f.number(object["timestamp"], "timestamp") else {
            throw f.fail("timestamp", "missing")
        }
        guard let points = object["trace"] as? [Any] else { throw f.fail("trace", "expected an array") }
        let type = try f.string(object["t"], "t")
        let registration = try f.string(object["r"], "r")
        var callsign: String?
        var states: [AircraftState] = []
        for (index, raw) in points.enumerated() {
            let at = "trace[\(index)]"
            guard let point = raw as? [Any], point.count >= 6 else {
                throw f.fail(at, "expected an array of at least 6 values")
            }
            func value(_ i: Int) -> Any? { i < point.count ? point[i] : nil }
            guard let offset = try f.number(value(0), at + "[0]") else {
                throw f.fail(at + "[0]", "missing time offset")
            }
            let lat = try f.number(value(1), at + "[1]")
            let lon = try f.number(value(2), at + "[2]")
            guard let coordinate = try f.coordinate(lat: lat, lon: lon, at + "[1]/[2]") else { continue }
            var onGround = false
            var baro: Double?
            if let text = value(3) as? String {
                guard text == "ground" else { throw f.fail(at + "[3]", "string '\(text)' is not \"ground\"") }
                onGround = true
            } else {
                baro = try f.number(value(3), at + "[3]").map { $0 * AircraftState.metresPerFoot }
            }
            if let details = value(8) as? [String: Any],
                let flight = try f.string(details["flight"], at + "[8].flight")
            {
                let trimmed = flight.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { callsign = trimmed }
            }
            states.append(
                AircraftState(
                    icao24: icao.lowercased(), callsign: callsign, coordinate: coordinate,
                    geometricAltitude: try f.number(value(10), at + "[10]").map {
                        $0 * AircraftState.metresPerFoot
                    },
                    barometricAltitude: baro, onGround: onGround,
                    groundSpeed: try f.number(value(4), at + "[4]").map {
                        $0 * AircraftState.metresPerSecondPerKnot
                    },
                    track: try f.number(value(5), at + "[5]"),
                    verticalRate: try f.number(value(7), at + "[7]").map {
                        $0 * AircraftState.metresPerFoot / 60
                    },
                    positionTime: start + offset, type: type, registration: registration))
        }
        return states
    }
}

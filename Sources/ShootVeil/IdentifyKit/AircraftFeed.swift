import Foundation
import GeoKit

/// Readers for the aircraft feeds: a local receiver's readsb/dump1090 `aircraft.json`, OpenSky's
/// `/states/all` and readsb trace files. Strict: a field of the wrong type or out of range is an
/// ``AircraftFeedError`` naming the entry and field; entries without a position are counted and skipped.
public enum AircraftFeed {
    /// Reads whichever of the three formats `data` holds (by its top-level keys: `aircraft`,
    /// `states` or `trace`). A trace becomes a snapshot of its point nearest `traceTime`
    /// (Unix seconds; the last point when `nil`).
    public static func read(_ data: Data, traceTime: Double? = nil) throws(AircraftFeedError)
        -> AircraftSnapshot
    {
        let object = try document(data, format: "aircraft feed")
        if object["aircraft"] != nil { return try readsb(object) }
        if object["states"] != nil { return try openSky(object) }
        if object["trace"] != nil {
            let states = try trace(object)
            guard !states.isEmpty else {
                throw AircraftFeedError(format: "readsb trace", location: "trace", reason: "no points")
            }
            let pick =
                traceTime.map { t in states.min { abs($0.positionTime - t) < abs($1.positionTime - t) }! }
                ?? states.last!
            return AircraftSnapshot(time: pick.positionTime, aircraft: [pick])
        }
        throw AircraftFeedError(
            format: "aircraft feed", location: "document",
            reason: "no 'aircraft' (readsb), 'states' (OpenSky) or 'trace' (readsb trace) member")
    }

    static func document(_ data: Data, format: String) throws(AircraftFeedError) -> [String: Any] {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw AircraftFeedError(
                format: format, location: "document", reason: "not JSON (\(error.localizedDescription))")
        }
        guard let object = parsed as? [String: Any] else {
            throw AircraftFeedError(
                format: format, location: "document", reason: "top level is not an object")
        }
        return object
    }
}

/// Typed reads of JSON values that name their location on failure.
struct FeedField {
    let format: String

    func fail(_ location: String, _ reason: String) -> AircraftFeedError {
        AircraftFeedError(format: format, location: location, reason: reason)
    }

    /// A finite number, `nil` when absent or JSON null.
    func number(_ value: Any?, _ location: String) throws(AircraftFeedError) -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        guard !(value is String), let number = value as? NSNumber else {
            throw fail(location, "expected a number, got \(Self.describe(value))")
        }
        let double = number.doubleValue
        guard double.isFinite else { throw fail(location, "not a finite number") }
        return double
    }

    /// A string, `nil` when absent or JSON null.
    func string(_ value: Any?, _ location: String) throws(AircraftFeedError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw fail(location, "expected a string, got \(Self.describe(value))")
        }
        return text
    }

    /// A coordinate from optional latitude and longitude; `nil` when both are absent.
    func coordinate(lat: Double?, lon: Double?, _ location: String) throws(AircraftFeedError) -> Coordinate? {
        switch (lat, lon) {
        case (nil, nil): return nil
        case (let lat?, let lon?):
            do { return try Coordinate(latitude: lat, longitude: lon) } catch {
                throw fail(location, error.description)
            }
        default: throw fail(location, "latitude and longitude must both be present or both absent")
        }
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is NSNumber: "a number"
        default: "\(type(of: value))"
        }
    }
}

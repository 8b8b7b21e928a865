import Foundation
import GeoKit
import Hummingbird

/// Query parameters read strictly: each accessor names the parameter that is malformed.
struct Query {
    let parameters: [String: String]

    init(_ request: Request) {
        var values: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { values[String(key)] = String(value) }
        parameters = values
    }

    func string(_ key: String, maximumLength: Int) throws(APIError) -> String? {
        guard let value = parameters[key] else { return nil }
        guard value.count <= maximumLength else {
            throw .badRequest(.invalidParameter, "\(key) is longer than \(maximumLength) characters")
        }
        return value
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let text = parameters[key] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .badRequest(
                .invalidParameter, "\(key) must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func double(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        guard let text = parameters[key] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .badRequest(
                .invalidParameter, "\(key) must be a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// `lat` and `lon` together, or neither.
    func coordinate() throws(APIError) -> Coordinate? {
        let latitude = try double("lat", in: -90...90)
        let longitude = try double("lon", in: -180...180)
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case (let latitude?, let longitude?):
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        default: throw .badRequest(.invalidParameter, "lat and lon must be given together")
        }
    }
}

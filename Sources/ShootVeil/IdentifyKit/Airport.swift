import Foundation
import GeoKit

/// An airport for context ("nearest airports" beside an aircraft answer).
public struct Airport: Sendable, Hashable, Codable {
    /// ICAO code (`KJFK`).
    public var icao: String
    /// IATA code, if any.
    public var iata: String?
    /// Name.
    public var name: String
    /// City.
    public var city: String
    /// Where it is.
    public var coordinate: Coordinate

    /// An airport from its parts.
    public init(icao: String, iata: String?, name: String, city: String, coordinate: Coordinate) {
        self.icao = icao
        self.iata = iata
        self.name = name
        self.city = city
        self.coordinate = coordinate
    }

    /// Reads `airports.csv` (columns `icao,iata,name,city,subd,country,elevation,lat,lon,tz,lid`).
    ///
    /// - Throws: ``LandmarkCSVError`` naming the line for a wrong header, field count or coordinate.
    public static func readCSV(_ text: String) throws(LandmarkCSVError) -> [Airport] {
        let header = [
            "icao", "iata", "name", "city", "subd", "country", "elevation", "lat", "lon", "tz", "lid",
        ]
        var airports: [Airport] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let row = line.hasSuffix("\r") ? line.dropLast() : line[...]
            if row.isEmpty { continue }
            let fields = try LandmarkCatalog.splitCSV(row, line: number)
            if number == 1 {
                guard fields == header else {
                    throw LandmarkCSVError(line: 1, reason: "header is \(fields), expected \(header)")
                }
                continue
            }
            guard fields.count == header.count else {
                throw LandmarkCSVError(
                    line: number, reason: "\(fields.count) fields, expected \(header.count)")
            }
            guard let lat = Double(fields[7]), let lon = Double(fields[8]),
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else {
                throw LandmarkCSVError(
                    line: number, reason: "lat/lon '\(fields[7])','\(fields[8])' not a coordinate")
            }
            airports.append(
                Airport(
                    icao: fields[0], iata: fields[1].isEmpty ? nil : fields[1], name: fields[2],
                    city: fields[3], coordinate: coordinate))
        }
        return airports
    }

    /// The `count` airports nearest `point` (haversine), nearest first, with their distances in metres.
    /// - Complexity: O(n log k) — a linear scan; 28 k airports take well under a millisecond.
    public static func nearest(_ count: Int, to point: Coordinate, in airports: [Airport]) -> [(
        Airport, Double
    )] {
        var best: [(Airport, Double)] = []
        for airport in airports {
            let d = Haversine.distance(point, airport.coordinate)
            if best.count < count || d < best[best.count - 1].1 {
                best.append((airport, d))
                best.sort { $0.1 < $1.1 }
                if best.count > count { best.removeLast() }
            }
        }
        return best
    }
}

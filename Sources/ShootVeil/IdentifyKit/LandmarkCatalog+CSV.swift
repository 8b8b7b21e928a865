import Foundation
import GeoKit

/// A line of the landmarks CSV that cannot be read.
public struct LandmarkCSVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// What was wrong.
    public var reason: String

    /// `"landmarks CSV line N: reason"`.
    public var description: String { "landmarks CSV line \(line): \(reason)" }
}

extension LandmarkCatalog {
    /// The columns of the Wikidata extract (`landmarks/wikidata-landmarks.csv`).
    public static let wikidataHeader = [
        "wikidata", "kind", "name", "lat", "lon", "height_m", "floors", "visitors",
    ]

    /// Reads the Wikidata landmarks CSV: header ``wikidataHeader``, RFC 4180 quoting.
    ///
    /// - Throws: ``LandmarkCSVError`` naming the line for a wrong header, a wrong field count, an
    ///   id that is not `Q` + digits, or a coordinate or height that is not a number in range.
    public static func readWikidataCSV(_ text: String) throws(LandmarkCSVError) -> [Landmark] {
        var landmarks: [Landmark] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let row = line.hasSuffix("\r") ? line.dropLast() : line[...]
            if row.isEmpty { continue }
            let fields = try splitCSV(row, line: lineNumber)
            if lineNumber == 1 {
                guard fields == wikidataHeader else {
                    throw LandmarkCSVError(line: 1, reason: "header is \(fields), expected \(wikidataHeader)")
                }
                continue
            }
            guard fields.count == wikidataHeader.count else {
                throw LandmarkCSVError(
                    line: lineNumber, reason: "\(fields.count) fields, expected \(wikidataHeader.count)")
            }
            let id = fields[0]
            guard id.first == "Q", id.count > 1, id.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                throw LandmarkCSVError(
                    line: lineNumber, reason: "wikidata id '\(id)' is not Q followed by digits")
            }
            guard let lat = Double(fields[3]), let lon = Double(fields[4]),
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else {
                throw LandmarkCSVError(
                    line: lineNumber, reason: "lat/lon '\(fields[3])','\(fields[4])' not a coordinate")
            }
            var height: Double?
            if !fields[5].isEmpty {
                guard let h = Double(fields[5]), h.isFinite, h > 0, h < 2_000 else {
                    throw LandmarkCSVError(
                        line: lineNumber, reason: "height_m '\(fields[5])' is not a height in metres")
                }
                height = h
            }
            landmarks.append(
                Landmark(
                    id: id, name: fields[2], kind: fields[1], coordinate: coordinate, wikidata: id,
                    height: height,
                    source: "wikidata"))
        }
        return landmarks
    }

    /// Splits one CSV record (no embedded newlines) into fields, undoing `""` quoting.
    static func splitCSV(_ line: Substring, line number: Int) throws(LandmarkCSVError) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        field.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"", field.isEmpty {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index = line.index(after: index)
        }
        guard !quoted else { throw LandmarkCSVError(line: number, reason: "unterminated quoted field") }
        fields.append(field)
        return fields
    }
}

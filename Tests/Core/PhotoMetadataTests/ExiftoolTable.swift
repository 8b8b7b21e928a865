import Foundation
import LociTestSupport
import Testing

/// The shared photo samples and what exiftool 12.57 read from them.
///
/// `photos/exif-samples-exiftool.csv` (shared data, `exiftool -n -csv`) holds dates, offsets, GPS,
/// make and model; `Fixtures/exif-samples-dimensions.csv` (committed) holds the rest, made in the
/// `exif-samples` folder with
/// `exiftool -n -csv -r -ImageWidth -ImageHeight -Orientation -FocalLength -FocalLengthIn35mmFormat
/// -SubSecTimeOriginal -GPSDateStamp -GPSTimeStamp -FileType .` (exiftool 12.57).
enum ExiftoolTable {
    static let folder = SharedData.url("photos/exif-samples")
    static let csvPath = "photos/exif-samples-exiftool.csv"

    static var isAvailable: Bool { SharedData.has(csvPath) }
    static let missingMessage = Comment(
        rawValue: SharedData.missingMessage("the photo samples (photos/exif-samples*)"))

    /// Rows of the shared CSV keyed by column name, one per file.
    static func rows() throws -> [[String: String]] {
        try parse(String(contentsOf: SharedData.url(csvPath), encoding: .utf8))
    }

    /// Rows of the committed dimensions fixture, keyed by `SourceFile`.
    static func dimensions() throws -> [String: [String: String]] {
        let url = try #require(
            Bundle.module.url(
                forResource: "exif-samples-dimensions", withExtension: "csv", subdirectory: "Fixtures"))
        let rows = try parse(String(contentsOf: url, encoding: .utf8))
        return Dictionary(rows.map { ($0["SourceFile"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The path of a `SourceFile` value (`./jpg/…`).
    static func path(_ sourceFile: String) -> String {
        folder.appendingPathComponent(String(sourceFile.dropFirst(2))).path
    }

    /// RFC 4180 CSV: quoted fields may hold commas and doubled quotes.
    static func parse(_ text: String) -> [[String: String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character?
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                record.append(field)
                field = ""
            case "\n", "\r\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        guard let header = records.first else { return [] }
        return records.dropFirst().map { values in
            Dictionary(zip(header, values).map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

import ArgumentParser
import Foundation
import PhotoMetadata

/// `loci photo-info FILE… [--json]`: what each photo says about when, where and with what it was taken.
struct PhotoInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo-info",
        abstract:
            "Print the capture time, GPS position, orientation, size and camera of JPEG, TIFF and HEIF photos.",
        discussion: """
            Reads only the metadata bytes of each file (EXIF in JPEG APP1, TIFF IFDs, HEIF meta \
            items). With --json, one JSON object per file, one per line (JSON Lines), with the fields \
            file, format, date_time_original, sub_sec_time_original, offset_time_original, lat, lon, \
            alt, gps_timestamp, img_direction, orientation, width, height, make, model, focal_length \
            and focal_length_35mm (null when absent), and warnings (an array of strings, empty when \
            none). A broken tag, IFD or JPEG segment is skipped and reported as a warning naming \
            it and its byte offset, beside the values that did read (text output: one warning \
            line each). Only a file whose container cannot be read gives {"file": …, "error": …}, \
            and the others are still read. Directories are not searched: \
            they are reported as errors. Exit status: 0 when every file was read, 1 when any was not.
            """
    )

    @Argument(help: ArgumentHelp("Photo files (JPEG, TIFF, HEIC/HEIF).", valueName: "FILE"))
    var files: [String]

    @Flag(help: "Print one JSON object per file, one per line, instead of text.")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one FILE") }
    }

    mutating func run() throws {
        var failed = false
        for file in files {
            let result = Result { () throws(PhotoMetadataError) -> PhotoMetadata in
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory),
                    isDirectory.boolValue
                {
                    throw PhotoMetadataError(
                        .io("\(file) is a directory (photo-info reads files, not folders)"))
                }
                return try PhotoMetadataReader.read(path: file)
            }
            switch result {
            case .success(let metadata):
                if json {
                    print(try CLIJSON.line(PhotoInfoLine(file: file, metadata: metadata)))
                } else {
                    print(Self.text(file: file, metadata))
                }
            case .failure(let error):
                failed = true
                if json {
                    print(try CLIJSON.line(["file": file, "error": error.description]))
                } else {
                    FileHandle.standardError.write(Data("loci photo-info: \(file): \(error)\n".utf8))
                }
            }
        }
        if failed { throw ExitCode(1) }
    }

    static func text(file: String, _ m: PhotoMetadata) -> String {
        func value<T>(_ v: T?) -> String { v.map { "\($0)" } ?? "—" }
        let taken = m.dateTimeOriginal.map { date in
            date + (m.subSecTimeOriginal.map { ".\($0)" } ?? "")
                + (m.offsetTimeOriginal.map { " \($0)" } ?? "")
        }
        let position: String? = m.latitude.flatMap { lat in
            m.longitude.map {
                OutputFormat.number(lat, decimals: 7) + ", " + OutputFormat.number($0, decimals: 7)
            }
        }
        let size = m.width.flatMap { w in m.height.map { "\(w) × \($0)" } }
        let camera = [m.make, m.model].compactMap { $0 }.joined(separator: " ")
        return """
            \(file)
              format        \(m.format.rawValue)
              taken         \(value(taken))
              position      \(value(position))\(m.altitude.map { "  alt " + OutputFormat.number($0, decimals: 1) + " m" } ?? "")
              direction     \(value(m.imgDirection.map { OutputFormat.number($0, decimals: 1) + "°" }))
              gps time      \(value(m.gpsTimestamp))
              size          \(value(size)) (orientation \(value(m.orientation)))
              camera        \(camera.isEmpty ? "—" : camera)
              focal length  \(value(m.focalLength.map { OutputFormat.number($0, decimals: 1) + " mm" }))\(m.focalLengthIn35mmFilm.map { " (35 mm: " + OutputFormat.number($0, decimals: 0) + " mm)" } ?? "")
            """ + m.warnings.map { "\n  warning       \($0)" }.joined()
    }
}

/// One `--json` line: every field present, `null` when the file does not carry it; `warnings`
/// lists the skipped parts (`[]` when none).
struct PhotoInfoLine: Encodable {
    let file: String
    let metadata: PhotoMetadata

    private enum Key: String, CodingKey {
        case file, format, date_time_original, sub_sec_time_original, offset_time_original, lat, lon, alt
        case gps_timestamp, img_direction, orientation, width, height, make, model, focal_length,
            focal_length_35mm, warnings
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let m = metadata
        try c.encode(file, forKey: .file)
        try c.encode(m.format.rawValue, forKey: .format)
        try c.encode(m.dateTimeOriginal, forKey: .date_time_original)
        try c.encode(m.subSecTimeOriginal, forKey: .sub_sec_time_original)
        try c.encode(m.offsetTimeOriginal, forKey: .offset_time_original)
        try c.encode(m.latitude, forKey: .lat)
        try c.encode(m.longitude, forKey: .lon)
        try c.encode(m.altitude, forKey: .alt)
        try c.encode(m.gpsTimestamp, forKey: .gps_timestamp)
        try c.encode(m.imgDirection, forKey: .img_direction)
        try c.encode(m.orientation, forKey: .orientation)
        try c.encode(m.width, forKey: .width)
        try c.encode(m.height, forKey: .height)
        try c.encode(m.make, forKey: .make)
        try c.encode(m.model, forKey: .model)
        try c.encode(m.focalLength, forKey: .focal_length)
        try c.encode(m.focalLengthIn35mmFilm, forKey: .focal_length_35mm)
        try c.encode(m.warnings.map(\.description), forKey: .warnings)
    }
}

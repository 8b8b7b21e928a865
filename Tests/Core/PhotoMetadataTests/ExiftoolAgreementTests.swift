import Foundation
import LociTestSupport
import Testing

@testable import PhotoMetadata

@Suite(
    "The reader agrees with exiftool on the real samples",
    .enabled(if: ExiftoolTable.isAvailable, ExiftoolTable.missingMessage))
struct ExiftoolAgreementTests {
    /// Files where exiftool finds a date, make or model outside EXIF, which this reader does not read:
    /// an Olympus `PictureInfo` text segment, a Canon CIFF block in APP0, a Reconyx maker APP1 and XMP.
    static let nonExifSources: [String: Set<String>] = [
        "./jpg/exif-org/olympus-d320l.jpg": ["DateTimeOriginal"],
        "./jpg/exif-org/sony-powershota5.jpg": ["DateTimeOriginal", "Make", "Model"],
        "./jpg/Reconyx_HC500_Hyperfire.jpg": ["DateTimeOriginal"],
        "./jpg/tests/30-type_error.jpg": ["DateTimeOriginal"],
    ]

    @Test(
        "every file is read, and dates, GPS, make and model match exiftool's values (or its absence of one)")
    func exifFieldsMatch() throws {
        let rows = try ExiftoolTable.rows()
        #expect(rows.count == 101)
        var compared = 0
        for row in rows {
            let file = try #require(row["SourceFile"])
            let metadata = try PhotoMetadataReader.read(path: ExiftoolTable.path(file))
            let skipped = Self.nonExifSources[file] ?? []
            func text(_ column: String, _ value: String?) {
                guard !skipped.contains(column) else { return }
                let expected = row[column].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
                    $0.isEmpty ? nil : $0
                }
                #expect(value == expected, "\(file) \(column)")
                compared += 1
            }
            func number(_ column: String, _ value: Double?, tolerance: Double) {
                let expected = row[column].flatMap(Double.init)
                if let expected, let value {
                    #expect(
                        abs(value - expected) <= tolerance,
                        "\(file) \(column): \(value) vs exiftool \(expected)")
                } else {
                    #expect(
                        value == nil && expected == nil,
                        "\(file) \(column): \(String(describing: value)) vs exiftool \(String(describing: expected))"
                    )
                }
                compared += 1
            }
            text("DateTimeOriginal", metadata.dateTimeOriginal)
            text("OffsetTimeOriginal", metadata.offsetTimeOriginal)
            text("Make", metadata.make)
            text("Model", metadata.model)
            number("GPSLatitude", metadata.latitude, tolerance: 1e-6)
            number("GPSLongitude", metadata.longitude, tolerance: 1e-6)
            number("GPSAltitude", metadata.altitude, tolerance: 1e-3)
            number("GPSImgDirection", metadata.imgDirection, tolerance: 1e-3)
            let expectedFormat: ImageFormat =
                switch row["FileType"] {
                case "JPEG": .jpeg
                case "TIFF": .tiff
                default: .heif
                }
            #expect(metadata.format == expectedFormat, "\(file)")
        }
        #expect(compared == 101 * 8 - Self.nonExifSources.values.reduce(0) { $0 + $1.count })
    }

    /// Fixture values exiftool takes from outside EXIF (`exiftool -a -G1` names the group): XMP
    /// `tiff:Orientation` in five JPEGs without an EXIF orientation, and a Canon CIFF focal length.
    static let nonExifFixtureValues: [String: Set<String>] = [
        "./jpg/invalid/image00971.jpg": ["Orientation"],
        "./jpg/invalid/image01713.jpg": ["Orientation"],
        "./jpg/invalid/image01137.jpg": ["Orientation"],
        "./jpg/invalid/image01088.jpg": ["Orientation"],
        "./jpg/Canon_DIGITAL_IXUS_400.jpg": ["Orientation"],
        "./jpg/exif-org/sony-powershota5.jpg": ["FocalLength"],
    ]

    @Test("sizes, orientation, focal lengths, sub-seconds and GPS time match exiftool")
    func fixtureFieldsMatch() throws {
        let dimensions = try ExiftoolTable.dimensions()
        #expect(dimensions.count == 101)
        for (file, fixtureRow) in dimensions {
            let metadata = try PhotoMetadataReader.read(path: ExiftoolTable.path(file))
            var row = fixtureRow
            for column in Self.nonExifFixtureValues[file] ?? [] { row[column] = "" }
            var width = row["ImageWidth"].flatMap { Int($0) }
            var height = row["ImageHeight"].flatMap { Int($0) }
            var orientation = row["Orientation"].flatMap { Int($0) }
            if metadata.format == .heif {
                // exiftool's Orientation is the EXIF tag; HEIF orientation comes from irot/imir
                // (exiftool's QuickTime:Rotation, degrees anti-clockwise), 1 when absent.
                orientation = Self.heifOrientation[file]
            }
            if let o = orientation, (5...8).contains(o) { (width, height) = (height, width) }
            #expect(
                metadata.width == width && metadata.height == height,
                "\(file): \(String(describing: metadata.width))×\(String(describing: metadata.height)) vs \(String(describing: width))×\(String(describing: height))"
            )
            #expect(metadata.orientation == orientation, "\(file) orientation")
            #expect(close(metadata.focalLength, row["FocalLength"]), "\(file) FocalLength")
            #expect(
                close(metadata.focalLengthIn35mmFilm, row["FocalLengthIn35mmFormat"]),
                "\(file) FocalLengthIn35mm")
            #expect(
                metadata.subSecTimeOriginal == nonEmpty(row["SubSecTimeOriginal"]),
                "\(file) SubSecTimeOriginal")
            let gps = nonEmpty(row["GPSDateStamp"]).flatMap { date in
                nonEmpty(row["GPSTimeStamp"]).map { "\(date) \($0)Z" }
            }
            #expect(metadata.gpsTimestamp == gps, "\(file) GPS time")
        }
    }

    /// HEIF orientation from `exiftool -QuickTime:Rotation` (irot × 90° anti-clockwise; none of
    /// these files has `imir`): 270° anti-clockwise is EXIF 6 (turn 90° clockwise to display).
    static let heifOrientation: [String: Int] = [
        "./heic/samplefilehub.heif": 1,
        "./heic/IMG_5195.HEIC": 1,  // Rotation 0
        "./heic/mobile/iphone_13_pro_max.HEIC": 6,  // Rotation 270 (its EXIF tag also says 6)
        "./heic/mobile/HMD_Nokia_8.3_5G_hdr.heif": 1,  // no irot
        "./heic/mobile/HMD_Nokia_8.3_5G.heif": 6,  // Rotation 270, though its EXIF tag says 1
    ]

    private func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }

    private func close(_ value: Double?, _ expected: String?) -> Bool {
        guard let expected = nonEmpty(expected).flatMap(Double.init) else { return value == nil }
        guard let value else { return false }
        return abs(value - expected) <= 1e-6 * max(1, abs(expected))
    }
}

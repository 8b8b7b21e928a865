import Foundation
import LociTestSupport
import Testing

@testable import PhotoMetadata

@Suite("A broken part is skipped with a warning saying what and where; the rest still reads")
struct ReaderWarningTests {
    typealias H = HostileFile

    /// A big-endian TIFF: IFD0 at 8 with `ifd0`, then `tail` (at 8 + 2 + 12n + 4 onwards).
    private func read(_ bytes: [UInt8]) throws -> PhotoMetadata { try PhotoMetadataReader.read(bytes: bytes) }

    /// An IFD (big-endian) holding `entries`, with no next IFD.
    private func ifd(_ entries: [H.Entry]) -> [UInt8] {
        var bytes = H.be16(UInt16(entries.count))
        for e in entries { bytes += H.be16(e.tag) + H.be16(e.type) + H.be32(e.count) + H.be32(e.value) }
        return bytes + H.be32(0)
    }

    @Test("Exif and GPS pointers of field type IFD (13), as libtiff writes them, are followed")
    func ifdTypePointers() throws {
        // IFD0 (2 entries) ends at 8 + 2 + 24 + 4 = 38; image data up to 4,038; Exif IFD there; GPS IFD after it.
        let image = [UInt8](repeating: 0x80, count: 4_000)
        let exifAt: UInt32 = 38 + 4_000
        let exif = ifd([(0x9003, 2, 20, exifAt + 18)]) + Array("2008:10:22 16:28:39\0".utf8)
        let gpsAt = exifAt + UInt32(exif.count)
        // GPSLatitudeRef "S" inline, GPSLatitude 3 rationals after the IFD: 33° 30' 0".
        let gps =
            ifd([(0x0001, 2, 2, 0x5300_0000), (0x0002, 5, 3, gpsAt + 30)])
            + H.be32(33) + H.be32(1) + H.be32(30) + H.be32(1) + H.be32(0) + H.be32(1)
        let bytes = H.tiff([(0x8769, 13, 1, exifAt), (0x8825, 13, 1, gpsAt)], tail: image + exif + gps)
        let metadata = try read(bytes)
        #expect(metadata.dateTimeOriginal == "2008:10:22 16:28:39")
        #expect(metadata.latitude == -33.5)
        #expect(metadata.warnings.isEmpty)
    }

    @Test(
        "a TIFF made from a real JPEG's Exif, with its Exif and GPS IFDs after the image data, reads its date and position",
        .enabled(if: ExiftoolTable.isAvailable, ExiftoolTable.missingMessage))
    func realTIFFWithIFDsAfterTheImage() throws {
        let source = "./jpg/gps/DSCN0010.jpg"
        let row = try #require(try ExiftoolTable.rows().first { $0["SourceFile"] == source })
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ExiftoolTable.path(source))))
        let layout = try #require(ExifLayout(jpeg: bytes))
        let variants = HostileVariants.tiffVariants(of: layout)
        #expect(variants.count == 4)
        for variant in variants where variant.name != "tiff-cut-in-gps-ifd" {
            let metadata = try read(variant.bytes)
            #expect(metadata.format == .tiff)
            #expect(metadata.dateTimeOriginal == row["DateTimeOriginal"], "\(variant.name)")
            let latitude = try #require(row["GPSLatitude"].flatMap(Double.init))
            let longitude = try #require(row["GPSLongitude"].flatMap(Double.init))
            #expect(abs((metadata.latitude ?? 0) - latitude) < 1e-6, "\(variant.name)")
            #expect(abs((metadata.longitude ?? 0) - longitude) < 1e-6, "\(variant.name)")
            #expect(metadata.warnings.isEmpty, "\(variant.name): \(metadata.warnings)")
        }
    }

    @Test("stray bytes between JPEG segments are skipped to the next marker, with their count and byte")
    func strayBytes() throws {
        let jpeg = H.jpeg(tiff: H.tiff([(0x0112, 3, 1, 0x0006_0000)]))
        let app1End = 4 + Int(jpeg[4]) << 8 + Int(jpeg[5])
        let bytes = Array(jpeg[..<app1End]) + [0x00, 0x13] + jpeg[app1End...]
        let metadata = try read(bytes)
        #expect(metadata.orientation == 6 && metadata.width == 8 && metadata.height == 16)
        #expect(
            metadata.warnings == [
                PhotoMetadataWarning(
                    skipped: "2 stray bytes between JPEG segments",
                    problem: .malformed("JPEG: expected a marker (0xFF), found 0x00"), at: app1End)
            ])
    }

    @Test(
        "stray bytes with no marker after them in 64 KiB fail a file with nothing else to read; fewer are skipped"
    )
    func strayBytesWithoutMarker() throws {
        let app0: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00]
        let bytes = app0 + [UInt8](repeating: 0x01, count: 70_000)
        let failure = try #require(throws: PhotoMetadataError.self) { try read(bytes) }
        #expect(failure.offset == 8 && failure.description.contains("no marker in the next 65536 bytes"))
        // 5,000 stray bytes before a frame header are skipped in blocks, and counted.
        let frame: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 8, 0, 16, 1, 1, 0x11, 0]
        let skipped = try read(app0 + [UInt8](repeating: 0x01, count: 5_000) + frame)
        #expect(skipped.width == 16 && skipped.height == 8)
        #expect(skipped.warnings.map(\.skipped) == ["5000 stray bytes between JPEG segments"])
    }

    @Test("an entry of an unknown field type is skipped, named by its tag and entry byte; the next tag reads")
    func unknownType() throws {
        let bytes = H.tiff([(0x010F, 99, 4, 0x4E49_4B00), (0x0112, 3, 1, 0x0003_0000)])
        let metadata = try read(bytes)
        #expect(metadata.make == nil && metadata.orientation == 3)
        #expect(
            metadata.warnings.map(\.description) == [
                "at byte 10: skipped IFD0 tag 0x010F (entry 0): malformed field type 99 (not a TIFF type)"
            ])
    }

    @Test(
        "an Exif pointer stored as a string, and a GPS pointer with count 0, are warned, not silently absent")
    func pointersWithoutOffsets() throws {
        let metadata = try read(H.tiff([(0x8769, 2, 4, 0x4142_4300), (0x8825, 4, 0, 0)]))
        #expect(
            metadata.warnings.map(\.description) == [
                "at byte 10: skipped IFD0 tag 0x8769 (ExifIFD pointer): malformed ExifIFD pointer: field type 2 with count 4 holds no offset",
                "at byte 22: skipped IFD0 tag 0x8825 (GPS IFD pointer): malformed GPS IFD pointer: field type 4 with count 0 holds no offset",
            ])
    }

    @Test("an IFD cut short by the end of the data gives the entries that fit, with a warning at the IFD")
    func truncatedIFD() throws {
        // A GPS IFD at 26 declaring 3 entries, of which only the first fits before the end.
        let gps = H.be16(3) + H.be16(0x0001) + H.be16(2) + H.be32(2) + H.be32(0x4E00_0000) + [0, 0, 0]
        let metadata = try read(H.tiff([(0x8825, 4, 1, 26)], tail: gps))
        let warning = try #require(metadata.warnings.first)
        #expect(warning.skipped == "GPS IFD entries 2–3" && warning.offset == 26)
        #expect(warning.problem == .truncated(what: "GPS IFD", needed: 38, available: 17))
    }

    @Test("a value past the end skips only its tag: the date and position beside it still read")
    func valuePastEnd() throws {
        // IFD0: Make past the end, Exif pointer; Exif IFD with a date; the values inline or after it.
        let exifAt: UInt32 = 8 + 2 + 24 + 4
        let exif = ifd([(0x9003, 2, 20, exifAt + 18)]) + Array("2024:01:02 03:04:05\0".utf8)
        let bytes = H.tiff([(0x010F, 2, 40, 0x00FF_0000), (0x8769, 4, 1, exifAt)], tail: exif)
        let metadata = try read(bytes)
        #expect(metadata.dateTimeOriginal == "2024:01:02 03:04:05" && metadata.make == nil)
        #expect(metadata.warnings.map(\.skipped) == ["IFD0 tag 0x010F (Make)"])
        #expect(metadata.warnings.first?.offset == 10)
    }

    @Test("a JPEG whose Exif TIFF header is broken keeps its size, with a warning naming the segment")
    func brokenExifHeader() throws {
        var tiff = H.tiff([(0x0112, 3, 1, 0x0006_0000)])
        tiff[2] = 0x99  // magic number 0x992A, not 42
        let metadata = try read(H.jpeg(tiff: tiff))
        #expect(metadata.width == 16 && metadata.height == 8 && metadata.orientation == nil)
        let warning = try #require(metadata.warnings.first)
        #expect(warning.skipped == "the JPEG APP1 Exif segment at byte 2" && warning.offset == 14)
    }

    @Test(
        "a JPEG cut after its Exif segment keeps the Exif values, with a warning for the missing frame header"
    )
    func cutAfterExif() throws {
        let jpeg = H.jpeg(tiff: H.tiff([(0x0112, 3, 1, 0x0003_0000)]))
        let app1End = 4 + Int(jpeg[4]) << 8 + Int(jpeg[5])
        let metadata = try read(Array(jpeg[..<(app1End + 3)]))
        #expect(metadata.orientation == 3 && metadata.width == nil)
        #expect(metadata.warnings.count == 1)
    }

    @Test("containers that cannot be read still throw: a JPEG with nothing before its scan, a broken IFD0")
    func unreadableContainers() {
        #expect(throws: PhotoMetadataError.self) { try read([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) }
        #expect(throws: PhotoMetadataError.self) { try read(Array("MM".utf8) + H.be16(42) + H.be32(0x100)) }
    }

    @Test("a hostile IFD cannot add more than the warning limit")
    func warningCap() throws {
        let entries = (0..<900).map {
            (tag: UInt16($0), type: UInt16(99), count: UInt32(1), value: UInt32(0))
        }
        let metadata = try read(H.tiff(entries))
        #expect(metadata.warnings.count == TIFFReader.maximumWarnings)
    }
}

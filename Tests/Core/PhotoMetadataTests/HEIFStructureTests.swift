import Testing

@testable import PhotoMetadata

@Suite("HEIF items, properties and orientation on hand-built files")
struct HEIFStructureTests {
    static let exif = HostileFile.tiff([(0x010F, 2, 4, 0x4142_4300)])  // Make "ABC" inline (big-endian)

    @Test("an Exif item in idat is read; irot 3 (270° anti-clockwise) is EXIF 6 and swaps the size")
    func exifInIdat() throws {
        let bytes = HostileFile.heif(
            properties: [HostileFile.ispe(width: 640, height: 480), HostileFile.irot(3)],
            exif: Self.exif)
        let metadata = try PhotoMetadataReader.read(bytes: bytes)
        #expect(metadata.format == .heif)
        #expect(metadata.make == "ABC")
        #expect(metadata.orientation == 6)
        #expect(metadata.width == 480 && metadata.height == 640)
    }

    // Expected orientations worked by hand on the corner points (y pointing down): e.g. a turn
    // 90° anti-clockwise followed by a left-right mirror maps (x, y) → (−y, −x), the transverse: 7.
    @Test(
        "irot and imir combine in association order into EXIF orientations",
        arguments: [
            ([UInt8](), [UInt8](), 1),
            (HostileFile.irot(1), [UInt8](), 8),
            (HostileFile.irot(2), [UInt8](), 3),
            (HostileFile.irot(3), [UInt8](), 6),
            ([UInt8](), HostileFile.imir(axis: 0), 2),
            ([UInt8](), HostileFile.imir(axis: 1), 4),
            (HostileFile.irot(1), HostileFile.imir(axis: 0), 7),
            (HostileFile.irot(3), HostileFile.imir(axis: 0), 5),
            (HostileFile.irot(2), HostileFile.imir(axis: 1), 2),
        ])
    func orientation(rotation: [UInt8], mirror: [UInt8], expected: Int) throws {
        let properties = [HostileFile.ispe(width: 40, height: 30), rotation, mirror].filter { !$0.isEmpty }
        let metadata = try PhotoMetadataReader.read(
            bytes: HostileFile.heif(properties: properties, exif: nil))
        #expect(metadata.orientation == expected)
        let turned = (5...8).contains(expected)
        #expect(metadata.width == (turned ? 30 : 40) && metadata.height == (turned ? 40 : 30))
        #expect(metadata.make == nil)
    }

    @Test("an ipma property index past ipco's properties is an error")
    func badPropertyIndex() throws {
        var bytes = HostileFile.heif(properties: [HostileFile.ispe(width: 1, height: 1)], exif: nil)
        // The single association byte 0x81 is the last byte of ipma, which ends the file.
        let last = bytes.count - 1
        #expect(bytes[last] == 0x81)
        bytes[last] = 0x85
        #expect(throws: PhotoMetadataError.self) { try PhotoMetadataReader.read(bytes: bytes) }
    }

    @Test("a non-image ISOBMFF file (an MP4) is unsupported, not misread")
    func mp4() throws {
        let bytes = HostileFile.box("ftyp", Array("isom".utf8) + HostileFile.be32(0) + Array("isomavc1".utf8))
        #expect(throws: PhotoMetadataError.self) { try PhotoMetadataReader.read(bytes: bytes) }
    }
}

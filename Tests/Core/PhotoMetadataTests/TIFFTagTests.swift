import Testing

@testable import PhotoMetadata

@Suite("TIFF tags on hand-built files")
struct TIFFTagTests {
    @Test("GPS refs S, W and altitude ref 1 make values negative; GPS time is joined as UTC")
    func gpsSigns() throws {
        // Tail layout (offsets from the TIFF start): GPS IFD, then its rationals.
        let gpsStart = HostileFile.tailOffset(entryCount: 1)
        let gpsEntries = 7
        let data = gpsStart + UInt32(2 + 12 * gpsEntries + 4)
        func rationals(_ values: [(UInt32, UInt32)]) -> [UInt8] {
            values.flatMap { HostileFile.be32($0.0) + HostileFile.be32($0.1) }
        }
        let latitudeValue = rationals([(12, 1), (30, 1), (36, 1)])  // 12.51°
        let longitudeValue = rationals([(77, 1), (1, 2), (900, 100)])  // 77 + 0.5/60 + 9/3600 = 77.010833…°
        let altitude = rationals([(125, 10)])
        let time = rationals([(23, 1), (59, 1), (5910, 100)])  // 23:59:59.1
        var gps = HostileFile.be16(UInt16(gpsEntries))
        let entries: [HostileFile.Entry] = [
            (0x0001, 2, 2, 0x5300_0000),  // "S"
            (0x0002, 5, 3, data),
            (0x0003, 2, 2, 0x5700_0000),  // "W"
            (0x0004, 5, 3, data + 24),
            (0x0005, 1, 1, 0x0100_0000),  // below sea level
            (0x0006, 5, 1, data + 48),
            (0x0007, 5, 3, data + 56),
        ]
        for e in entries {
            gps +=
                HostileFile.be16(e.tag) + HostileFile.be16(e.type) + HostileFile.be32(e.count)
                + HostileFile.be32(e.value)
        }
        gps += HostileFile.be32(0) + latitudeValue + longitudeValue + altitude + time
        let bytes = HostileFile.tiff([(0x8825, 4, 1, gpsStart)], tail: gps)
        let metadata = try PhotoMetadataReader.read(bytes: bytes)
        #expect(metadata.format == .tiff)
        let latitude = try #require(metadata.latitude)
        let longitude = try #require(metadata.longitude)
        let expectedLongitude: Double = -(77.0 + 0.5 / 60.0 + 9.0 / 3600.0)
        #expect(abs(latitude + 12.51) < 1e-12)
        #expect(abs(longitude - expectedLongitude) < 1e-12)
        #expect(metadata.altitude == -12.5)
        #expect(metadata.gpsTimestamp == nil)  // no GPSDateStamp
    }

    @Test("exiftool's time-stamp form: seconds with up to 9 decimals, trailing zeros dropped")
    func clock() {
        #expect(TIFFReader.clock([14, 45, 20.91]) == "14:45:20.91")
        #expect(TIFFReader.clock([7, 30, 14]) == "07:30:14")
        #expect(TIFFReader.clock([0, 90, 0]) == "01:30:00")
        #expect(TIFFReader.clock([1, 2, nil]) == nil)
    }

    @Test("a rational with a zero denominator is absent, not infinite")
    func zeroDenominator() throws {
        let tail = HostileFile.be32(5) + HostileFile.be32(0)
        let exifStart = HostileFile.tailOffset(entryCount: 1)
        let exif =
            HostileFile.be16(1) + HostileFile.be16(0x920A) + HostileFile.be16(5) + HostileFile.be32(1)
            + HostileFile.be32(exifStart + 18) + HostileFile.be32(0) + tail
        let metadata = try PhotoMetadataReader.read(
            bytes: HostileFile.tiff([(0x8769, 4, 1, exifStart)], tail: exif))
        #expect(metadata.focalLength == nil)
    }

    @Test("a DOUBLE GPSAltitude holding NaN is absent, and a finite one is read")
    func nonFiniteDouble() throws {
        func altitude(_ bits: UInt64) throws -> Double? {
            let gpsStart = HostileFile.tailOffset(entryCount: 1)
            let gps =
                HostileFile.be16(1) + HostileFile.be16(0x0006) + HostileFile.be16(12) + HostileFile.be32(1)
                + HostileFile.be32(gpsStart + 18) + HostileFile.be32(0) + HostileFile.be64(bits)
            return try PhotoMetadataReader.read(
                bytes: HostileFile.tiff([(0x8825, 4, 1, gpsStart)], tail: gps)
            ).altitude
        }
        #expect(try altitude(Double.nan.bitPattern) == nil)
        #expect(try altitude(Double.infinity.bitPattern) == nil)
        #expect(try altitude(1234.5.bitPattern) == 1234.5)
    }
}

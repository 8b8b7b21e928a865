import Foundation
import LociTestSupport
import Testing

@testable import PhotoMetadata

@Suite("Hostile and broken input gives a typed error or warning naming the byte, never a crash")
struct HostileInputTests {
    private func error(_ bytes: [UInt8]) -> PhotoMetadataError? {
        do {
            _ = try PhotoMetadataReader.read(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The warnings of a file that must read.
    private func warnings(_ bytes: [UInt8]) throws -> [PhotoMetadataWarning] {
        try PhotoMetadataReader.read(bytes: bytes).warnings
    }

    @Test("an Exif IFD pointer back to IFD0 is skipped as a cycle, warned at the pointer")
    func ifdCycle() throws {
        let warning = try #require(try warnings(HostileFile.tiff([(0x8769, 4, 1, 8)])).first)
        #expect(warning.skipped == "Exif IFD")
        #expect(warning.problem == .ifdCycle(ifd: "Exif IFD", offset: 8))
        #expect(warning.offset == 8 + 2 + 8)  // the value field of the only entry
    }

    @Test("a GPS IFD pointing to itself is a cycle, not a loop")
    func gpsSelfCycle() throws {
        // IFD0 → GPS IFD at 26, whose GPS pointer leads to 26 again: the second visit is the cycle.
        let gps =
            HostileFile.be16(1) + HostileFile.be16(0x8825) + HostileFile.be16(4) + HostileFile.be32(1)
            + HostileFile.be32(26) + HostileFile.be32(0)
        // The GPS IFD does not follow GPS pointers, so this one reads cleanly; a pointer to IFD0 does not.
        #expect(try warnings(HostileFile.tiff([(0x8825, 4, 1, 26)], tail: gps)).isEmpty)
        let back = try #require(try warnings(HostileFile.tiff([(0x8825, 4, 1, 8)])).first)
        #expect(back.problem == .ifdCycle(ifd: "GPS IFD", offset: 8))
    }

    @Test("a Make entry claiming 0xFFFFFFFF characters is skipped with a warning at its entry")
    func hugeCount() throws {
        let warning = try #require(try warnings(HostileFile.tiff([(0x010F, 2, 0xFFFF_FFFF, 26)])).first)
        #expect(warning.offset == 10)  // IFD0 at 8, its first entry after the 2-byte count
        #expect(warning.skipped == "IFD0 tag 0x010F (Make)")
        guard case .malformed(let detail) = warning.problem else {
            Issue.record("problem \(warning.problem)")
            return
        }
        #expect(detail.contains("Make") && detail.contains("offset 26"))
    }

    @Test("an IFD entry count over the limit is refused before any entry is read")
    func tooManyEntries() throws {
        var bytes = Array("MM".utf8) + HostileFile.be16(42) + HostileFile.be32(8) + HostileFile.be16(0xFFFF)
        bytes += [UInt8](repeating: 0, count: 64)
        let failure = try #require(error(bytes))
        #expect(
            failure.kind
                == .limitExceeded(what: "IFD0 entry count", value: 0xFFFF, limit: TIFFReader.maximumEntries))
        #expect(failure.offset == 8)
    }

    @Test("a GPS pointer past the end of the APP1 segment is warned at the pointer's byte in the JPEG")
    func offsetPastEnd() throws {
        let jpeg = HostileFile.jpeg(tiff: HostileFile.tiff([(0x8825, 4, 1, 0x7FFF_FFF0)]))
        let metadata = try PhotoMetadataReader.read(bytes: jpeg)
        #expect(metadata.width == 16 && metadata.height == 8)  // the frame header still reads
        let warning = try #require(metadata.warnings.first)
        // SOI (2) + APP1 marker and length (4) + "Exif\0\0" (6) = TIFF at 12; the entry's value at 12 + 18.
        #expect(warning.offset == 30 && warning.skipped == "GPS IFD")
        guard case .malformed(let detail) = warning.problem else {
            Issue.record("problem \(warning.problem)")
            return
        }
        #expect(detail.contains("GPS IFD offset 2147483632"))
    }

    @Test("a JPEG segment longer than the file is truncated at its length field")
    func segmentPastEnd() throws {
        let failure = try #require(error([0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00] + Array("Exif".utf8)))
        #expect(failure.kind == .truncated(what: "JPEG segment 0xFFE1", needed: 0x4000, available: 6))
        #expect(failure.offset == 4)
    }

    /// A `meta` box after `ftyp` with a broken size, and what its error must mention.
    static let badBoxes: [(bytes: [UInt8], expected: String)] = {
        let meta = Array("meta".utf8)
        let ftyp = HostileFile.ftyp
        var cases: [(bytes: [UInt8], expected: String)] = []
        cases.append((ftyp + HostileFile.be32(0) + meta + [0, 0, 0, 0], "missing"))  // size 0: to the end
        let huge: [UInt8] = HostileFile.be64(1 << 62) + [UInt8](repeating: 0, count: 8)
        cases.append((ftyp + HostileFile.be32(1) + meta + huge, "size"))  // 64-bit size past the end
        cases.append((ftyp + HostileFile.be32(1) + meta + HostileFile.be64(3), "size 3"))  // smaller than its header
        cases.append((ftyp + HostileFile.be32(0xFFFF_FF00) + meta + [UInt8](repeating: 0, count: 16), "size"))
        cases.append((ftyp + HostileFile.be32(4) + meta, "size 4"))
        return cases
    }()

    @Test("box sizes 0, 1 (64-bit) and past the end are checked", arguments: 0..<5)
    func boxSizes(index: Int) throws {
        let (bytes, expected) = Self.badBoxes[index]
        let failure = try #require(error(bytes))
        #expect(failure.offset == HostileFile.ftyp.count, "\(failure)")
        #expect(failure.description.contains(expected), "\(failure)")
    }

    @Test("containers nested past the limit are refused")
    func deepNesting() throws {
        var nested: [UInt8] = []
        for _ in 0..<200 { nested = HostileFile.box("ipco", nested) }
        let bytes =
            HostileFile.ftyp
            + HostileFile.fullBox(
                "meta",
                HostileFile.fullBox("pitm", HostileFile.be16(1))
                    + HostileFile.box("iprp", nested))
        let failure = try #require(error(bytes))
        #expect(failure.kind == .nestingTooDeep(limit: ISOBMFFBox.maximumDepth))
    }

    @Test("random bytes, alone and behind each format's signature, never crash", arguments: 0..<4)
    func randomBytes(prefixKind: Int) {
        var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(prefixKind))
        let prefixes: [[UInt8]] = [[], [0xFF, 0xD8, 0xFF], Array("II*\0".utf8), HostileFile.ftyp]
        var failures = 0
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<512, using: &random)
            let bytes =
                prefixes[prefixKind] + (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let failure = error(bytes) {
                failures += 1
                if let offset = failure.offset { #expect(offset >= 0) }
            }
        }
        #expect(failures > 1_000)  // nearly all random input is rejected
    }

    /// The `Codable` fields of `metadata` (everything but the warnings) as a dictionary.
    private func fields(_ metadata: PhotoMetadata) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(metadata))
        return try #require(object as? [String: Any]).mapValues { "\($0)" }
    }

    @Test(
        "every real file cut short throws, or reads a subset of the whole file's values (with warnings if any is missing)",
        .enabled(if: ExiftoolTable.isAvailable, ExiftoolTable.missingMessage))
    func truncatedRealFiles() throws {
        var thrown = 0
        var partial = 0
        var cuts = 0
        for row in try ExiftoolTable.rows() {
            let path = ExiftoolTable.path(try #require(row["SourceFile"]))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let whole = try PhotoMetadataReader.read(bytes: bytes)
            let wholeFields = try fields(whole)
            let lengths = [
                0, 1, 2, 3, 4, 7, 8, 12, 16, 24, 64, 200, 1_000, 4_096, 20_000, bytes.count / 3,
                bytes.count - 1,
            ]
            for length in Set(lengths) where length < bytes.count {
                cuts += 1
                let cut: PhotoMetadata
                do {
                    cut = try PhotoMetadataReader.read(bytes: Array(bytes.prefix(length)))
                } catch {
                    thrown += 1
                    if let offset = error.offset {
                        #expect(offset <= length + 4, "\(path) cut to \(length): \(error)")
                    }
                    continue
                }
                let cutFields = try fields(cut)
                for (key, value) in cutFields {
                    #expect(wholeFields[key] == value, "\(path) cut to \(length) bytes: \(key) \(value)")
                }
                if cutFields != wholeFields {
                    partial += 1
                    #expect(
                        !cut.warnings.isEmpty, "\(path) cut to \(length) bytes lost values without a warning")
                }
            }
        }
        #expect(
            cuts > 1_500 && thrown > 1_000 && partial > 0,
            "\(cuts) cuts, \(thrown) thrown, \(partial) partial")
    }
}

@Suite("Hostile iloc tables")
struct HostileItemLocationTests {
    /// A HEIF whose Exif item (id 3) must be looked up through `iloc`, which is given whole.
    private func heif(iloc: [UInt8]) -> [UInt8] {
        let infes =
            HostileFile.fullBox(
                "infe", version: 2, HostileFile.be16(1) + HostileFile.be16(0) + Array("hvc1".utf8) + [0])
            + HostileFile.fullBox(
                "infe", version: 2, HostileFile.be16(3) + HostileFile.be16(0) + Array("Exif".utf8) + [0])
        let meta = HostileFile.fullBox(
            "meta",
            HostileFile.fullBox("pitm", HostileFile.be16(1))
                + HostileFile.fullBox("iinf", HostileFile.be16(2) + infes)
                + iloc + HostileFile.box("idat", [0, 0, 0, 0]))
        return HostileFile.ftyp + meta
    }

    private func error(_ bytes: [UInt8]) -> PhotoMetadataError? {
        do {
            _ = try PhotoMetadataReader.read(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("zero-width extents cannot make the extent loop run billions of times: the total is capped")
    func extentCountCap() throws {
        // Version 1, every field size 0: each extent is 0 bytes, so only a count cap bounds the work.
        let item1 = HostileFile.be16(1) + HostileFile.be16(0) + HostileFile.be16(0) + HostileFile.be16(0xFFFF)
        let item2 = HostileFile.be16(2) + HostileFile.be16(0) + HostileFile.be16(0) + HostileFile.be16(2)
        let iloc = HostileFile.fullBox(
            "iloc", version: 1, [0x00, 0x00] + HostileFile.be16(2) + item1 + item2)
        let failure = try #require(error(heif(iloc: iloc)))
        #expect(
            failure.kind
                == .limitExceeded(what: "iloc extents", value: 0xFFFF + 2, limit: HEIFItems.maximumEntries))
    }

    @Test("base offset + extent offset past Int.max is refused, not summed into an overflow trap")
    func offsetOverflow() throws {
        // Version 1, offset/length/base_offset 8 bytes: item 3 in idat at (2^62 − 1) + (2^62 − 1),
        // which with idat's own offset passes Int.max.
        let huge = HostileFile.be64((1 << 62) - 1)
        let item =
            HostileFile.be16(3) + HostileFile.be16(1) + HostileFile.be16(0) + huge
            + HostileFile.be16(1) + huge + HostileFile.be64(4)
        let iloc = HostileFile.fullBox("iloc", version: 1, [0x88, 0x80] + HostileFile.be16(1) + item)
        let failure = try #require(error(heif(iloc: iloc)))
        guard case .malformed(let detail) = failure.kind else {
            Issue.record("kind \(failure.kind)")
            return
        }
        #expect(detail.contains("base_offset") && detail.contains("too large"))
    }
}

import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import Testing

/// Malformed gazetteer files fail with an error naming the line and column, never a crash.
@Suite("Loading hostile gazetteer TSV")
struct GazetteerHostileInputTests {
    static let header = "geonameid\tname\tlat\tlon\tcountry\tadmin1\tadmin2\tpopulation\ttimezone\n"
    static let helsinki =
        "658225\tHelsinki\t60.16952\t24.93545\tFI\tUusimaa\tHelsinki sub-region\t658864\tEurope/Helsinki\n"
    static let kallio =
        "654706\tKallio\t60.18427\t24.95034\tFI\tUusimaa\tHelsinki sub-region\t27051\tEurope/Helsinki\n"

    /// The header and the Helsinki row, gzipped by Python's `gzip.compress(…, mtime=0)`.
    static let helsinkiGzip: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x3d, 0xcc, 0xcd, 0x0d, 0xc2, 0x30, 0x0c,
        0x40,
        0xe1, 0xb3, 0x3b, 0x05, 0x0b, 0x50, 0x68, 0x48, 0xa2, 0x76, 0x80, 0x22, 0x18, 0x80, 0x01, 0x02, 0xb5,
        0x2a,
        0x8b, 0xc4, 0x8e, 0xf2, 0x73, 0x80, 0xe9, 0x49, 0x85, 0xe0, 0xf4, 0x2e, 0x9f, 0xde, 0x8a, 0xc2, 0x2e,
        0x20,
        0x2d, 0xb0, 0x05, 0xbc, 0x2b, 0xe0, 0x85, 0xe1, 0x21, 0x95, 0x4b, 0x7a, 0x81, 0x5b, 0x02, 0xf1, 0xf0,
        0x8d,
        0x82, 0x28, 0xb1, 0x36, 0x41, 0x0d, 0x14, 0x0a, 0xf8, 0x16, 0xc6, 0xce, 0x9a, 0x51, 0x29, 0x03, 0x17,
        0xf4,
        0x99, 0xf8, 0x49, 0x60, 0x8f, 0xfd, 0x60, 0x27, 0xa3, 0x40, 0xe9, 0x7e, 0x3a, 0x19, 0x6d, 0xe0, 0x7c,
        0x85,
        0x5b, 0xcd, 0x14, 0x9c, 0xfb, 0xab, 0x5d, 0xae, 0xf7, 0x7d, 0xc2, 0x75, 0x3b, 0xb5, 0xc1, 0x68, 0x35,
        0xcc,
        0x35, 0x49, 0xc4, 0xc3, 0x4f, 0x74, 0x1f, 0xc2, 0x6a, 0x3b, 0xc6, 0x99, 0x00, 0x00, 0x00,
    ]

    private func load(_ text: String) throws(GazetteerError) -> Gazetteer {
        try Gazetteer(tsv: Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> GazetteerError? {
        do {
            _ = try Gazetteer(tsv: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func error(_ text: String) -> GazetteerError? { error(Array(text.utf8)) }

    @Test("a well-formed two-row file loads, with CRLF line ends and no final newline")
    func wellFormed() throws {
        let crlf = (Self.header + Self.helsinki + Self.kallio).replacingOccurrences(of: "\n", with: "\r\n")
        // "\r\n" is one Character (a grapheme cluster): drop the final line end.
        let gazetteer = try load(String(crlf.dropLast()))
        #expect(gazetteer.count == 2)
        #expect(gazetteer.place(at: 1).name == "Kallio")
        #expect(gazetteer.place(at: 1).timeZone == "Europe/Helsinki")
        #expect(
            gazetteer.place(at: 0).coordinate == (try Coordinate(latitude: 60.16952, longitude: 24.93545)))
    }

    @Test("gzip input is recognised by its magic number and inflated")
    func gzipInput() throws {
        let gazetteer = try Gazetteer(tsv: Self.helsinkiGzip)
        #expect(gazetteer.count == 1)
        #expect(gazetteer.place(at: 0).admin2 == "Helsinki sub-region")
    }

    @Test("truncated or corrupt gzip is a decompression error, not a partial load")
    func corruptGzip() {
        let truncated = Array(Self.helsinkiGzip.prefix(80))
        guard case .decompressionFailed = error(truncated)?.kind else {
            Issue.record("expected decompressionFailed, got \(String(describing: error(truncated)))")
            return
        }
        var flipped = Self.helsinkiGzip
        flipped[40] ^= 0xFF
        #expect(error(flipped) != nil)
    }

    @Test("an empty file and a wrong header are refused on line 1")
    func emptyAndHeader() {
        #expect(error("")?.kind == .empty)
        let swapped = "geonameid\tname\tlon\tlat\tcountry\tadmin1\tadmin2\tpopulation\ttimezone\n"
        let failure = error(swapped + Self.helsinki)
        #expect(failure?.line == 1)
        guard case .unexpectedHeader = failure?.kind else {
            Issue.record("expected unexpectedHeader, got \(String(describing: failure))")
            return
        }
    }

    @Test("a header alone is an empty gazetteer that answers nothing")
    func headerOnly() throws {
        let gazetteer = try load(Self.header)
        #expect(gazetteer.count == 0)
        #expect(gazetteer.reverse(try Coordinate(latitude: 60, longitude: 25)) == nil)
        #expect(gazetteer.timeZone(at: try Coordinate(latitude: 60, longitude: 25)) == nil)
    }

    @Test(
        "malformed fields name their line and column",
        arguments: [
            (
                "658225\tHelsinki\t60.16952\t24.93545\tFI\tUusimaa\tHelsinki sub-region\t658864\n",
                nil as String?,
                GazetteerError.Kind.wrongFieldCount(expected: 9, found: 8)
            ),
            (
                "658225\tHelsinki\tsixty\t24.93545\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "lat",
                .notANumber(text: "sixty")
            ),
            (
                "658225\tHelsinki\t95\t24.93545\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "lat",
                .outOfRange(text: "95")
            ),
            (
                "658225\tHelsinki\t60.1\t-180.5\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "lon",
                .outOfRange(text: "-180.5")
            ),
            (
                "658225\tHelsinki\tnan\t24.9\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "lat",
                .notANumber(text: "nan")
            ),
            (
                "658225\tHelsinki\t1e400\t24.9\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "lat",
                .notANumber(text: "1e400")
            ),
            ("658225\t\t60.1\t24.9\tFI\tUusimaa\t\t658864\tEurope/Helsinki\n", "name", .emptyField),
            (
                "658225\tHelsinki\t60.1\t24.9\tFI\tUusimaa\t\t-5\tEurope/Helsinki\n", "population",
                .notANumber(text: "-5")
            ),
            (
                "x1\tHelsinki\t60.1\t24.9\tFI\tUusimaa\t\t5\tEurope/Helsinki\n", "geonameid",
                .notANumber(text: "x1")
            ),
            ("658225\tHelsinki\t60.1\t24.9\tFI\tUusimaa\t\t5\t\n", "timezone", .emptyField),
            ("\n", nil, .wrongFieldCount(expected: 9, found: 1)),
        ])
    func malformedRow(row: String, column: String?, kind: GazetteerError.Kind) {
        let failure = error(Self.header + Self.helsinki + row)
        #expect(failure?.kind == kind)
        #expect(failure?.line == 3)
        #expect(failure?.column == column)
        #expect(failure?.description.contains("line 3") == true)
    }

    @Test("a huge line is refused before it is split")
    func hugeLine() {
        let row = "1\t" + String(repeating: "A", count: 1_000_000) + "\t60\t25\tFI\t\t\t1\tEurope/Helsinki\n"
        let failure = error(Self.header + row)
        #expect(failure?.line == 2)
        guard case .lineTooLong = failure?.kind else {
            Issue.record("expected lineTooLong, got \(String(describing: failure))")
            return
        }
    }

    @Test(
        "invalid UTF-8 is refused with its line",
        arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]
            as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) {
        let bytes =
            Array((Self.header + Self.helsinki + "1\tBad").utf8) + sequence
            + Array("\t60\t25\tFI\t\t\t1\tEurope/Helsinki\n".utf8)
        let failure = error(bytes)
        #expect(failure?.kind == .invalidUTF8)
        #expect(failure?.line == 3)
    }

    @Test("a file that does not exist is an unreadable error naming the path")
    func missingFile() {
        do {
            _ = try Gazetteer(contentsOf: "/nonexistent/gazetteer.tsv.gz")
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "/nonexistent/gazetteer.tsv.gz")
            guard case .unreadable = error.kind else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
        }
    }

    @Test(
        "latitudes parse to the same double as Swift's own parser",
        arguments: [
            "60.16952", "-21.13683", "0.00001", "-0", "89.999999999999", "12.345678901234567890", "1e1",
            "+7.5",
        ])
    func numbersMatchSwift(text: String) throws {
        let gazetteer = try load(Self.header + "1\tX\t\(text)\t0\tFI\t\t\t1\tUTC\n")
        #expect(gazetteer.place(at: 0).coordinate.latitude == Double(text))
    }
}

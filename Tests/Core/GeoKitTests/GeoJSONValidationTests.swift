import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("GeoJSON validation and hostile input")
struct GeoJSONValidationTests {
    private func failure(_ text: String) -> GeoJSONError? {
        failure(Data(text.utf8))
    }

    private func failure(_ data: Data) -> GeoJSONError? {
        do {
            let document = try GeoJSON.decode(data)
            Issue.record("accepted invalid input, read \(document)")
            return nil
        } catch {
            return error
        }
    }

    static let invalidCases: [(String, String, String)] = [
        (#"{"coordinates": [1, 2]}"#, "type", "missing required member"),
        (#"{"type": "Pointy", "coordinates": [1, 2]}"#, "type", #"unknown GeoJSON type "Pointy""#),
        (#"{"type": 7, "coordinates": [1, 2]}"#, "type", "expected a string, found a number"),
        (#"[1, 2]"#, "", "expected a GeoJSON object, found an array"),
        (#"{"type": "Point"}"#, "coordinates", "missing required member"),
        (#"{"type": "Point", "coordinates": "1,2"}"#, "coordinates", "found a string"),
        (
            #"{"type": "Point", "coordinates": [1]}"#, "coordinates",
            "a position needs 2 or 3 numbers, found 1"
        ),
        (
            #"{"type": "Point", "coordinates": [1, 2, 3, 4]}"#, "coordinates",
            "a position needs 2 or 3 numbers, found 4"
        ),
        (
            #"{"type": "Point", "coordinates": [1, "2"]}"#, "coordinates[1]",
            "expected a number, found a string"
        ),
        (#"{"type": "Point", "coordinates": [1, null]}"#, "coordinates[1]", "expected a number, found null"),
        (
            #"{"type": "Point", "coordinates": [200, 0]}"#, "coordinates[0]",
            "longitude 200.0 is outside -180…180"
        ),
        (
            #"{"type": "Point", "coordinates": [0, -90.5]}"#, "coordinates[1]",
            "latitude -90.5 is outside -90…90"
        ),
        (
            #"{"type": "MultiPoint", "coordinates": [[0, 0], [0, 1], [1e2, 95]]}"#, "coordinates[2][1]",
            "latitude 95.0"
        ),
        (
            #"{"type": "LineString", "coordinates": [[0, 0]]}"#, "coordinates",
            "a line string needs at least 2 positions, found 1"
        ),
        (
            #"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[200, 0], [1, 1]]]}"#,
            "coordinates[1][0][0]", "longitude 200.0"
        ),
        (
            #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]}"#,
            "coordinates[0]", "a linear ring needs at least 4 positions, found 3"
        ),
        (
            #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#,
            "coordinates[0]", "first and last positions of a ring must be equal"
        ),
        (
            #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0, 5]]]}"#,
            "coordinates[0]", "first and last positions of a ring must be equal"
        ),
        (
            #"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[0, 0], [1, 0], [0, 0]]]]}"#,
            "coordinates[1][0]", "a linear ring needs at least 4 positions"
        ),
        (#"{"type": "GeometryCollection"}"#, "geometries", "missing required member"),
        (
            #"{"type": "GeometryCollection", "geometries": [{"type": "Feature", "geometry": null}]}"#,
            "geometries[0].type", #""Feature" is not a geometry type"#
        ),
        (
            #"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, 1]}"#, "bbox",
            "a bbox needs 4 or 6 numbers, found 3"
        ),
        (
            #"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 5, 1, 4]}"#, "bbox",
            "south edge 5.0 lies north of north edge 4.0"
        ),
        (#"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, 1, 91]}"#, "bbox[3]", "north edge 91.0"),
        (
            #"{"type": "Point", "coordinates": [0, 0], "bbox": [0, 0, 9, 1, 1, 3]}"#, "bbox",
            "minimum altitude 9.0"
        ),
        (#"{"type": "Feature", "properties": {}}"#, "geometry", "missing required member"),
        (
            #"{"type": "Feature", "geometry": null, "properties": [1]}"#, "properties",
            "expected an object or null, found an array"
        ),
        (
            #"{"type": "Feature", "id": {"a": 1}, "geometry": null}"#, "id",
            "must be a string or a number, found an object"
        ),
        (
            #"{"type": "Feature", "geometry": "here"}"#, "geometry",
            "expected a GeoJSON object, found a string"
        ),
        (
            #"{"type": "Feature", "geometry": {"type": "FeatureCollection", "features": []}}"#,
            "geometry.type", #""FeatureCollection" is not a geometry type"#
        ),
        (#"{"type": "FeatureCollection"}"#, "features", "missing required member"),
        (
            #"{"type": "FeatureCollection", "features": {}}"#, "features",
            "expected an array of features, found an object"
        ),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Point", "coordinates": [0, 0]}]}"#,
            "features[0].type", #"expected "Feature", found "Point""#
        ),
        (
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null}, {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}}]}"#,
            "features[1].geometry.coordinates[0]", "first and last positions of a ring must be equal"
        ),
        (
            #"{"type": "Feature", "geometry": null, "properties": {"odd key!": {"type": 1}}, "bbox": "x"}"#,
            "bbox", "expected an array of 4 or 6 numbers, found a string"
        ),
    ]

    @Test("invalid GeoJSON is refused with the path of the member at fault", arguments: invalidCases)
    func namesTheMember(text: String, path: String, message: String) {
        guard let error = failure(text) else { return }
        #expect(error.kind == .invalidGeoJSON, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix(path.isEmpty ? "(document): " : "\(path): "))
    }

    static let malformedCases: [(String, String, String, Int)] = [
        ("", "", "empty input", 0),
        ("   \n", "", "empty input", 4),
        (#"{"type": "Point", "coordinates": [1, 2]"#, "", "truncated input", 39),
        (#"{"type": "Point", "coordinates": [1, 2"#, "coordinates", "truncated input", 38),
        (
            #"{"type": "Point", "coordinates": [1e400, 2]}"#, "coordinates[0]",
            "too large for a 64-bit float", 34
        ),
        (#"{"type": "Point", "coordinates": [-1e999, 2]}"#, "coordinates[0]", "too large", 34),
        (#"{"type": "Point", "coordinates": [NaN, 2]}"#, "coordinates[0]", "unexpected character 'N'", 34),
        (
            #"{"type": "Point", "coordinates": [Infinity, 2]}"#, "coordinates[0]", "unexpected character 'I'",
            34
        ),
        (#"{"type": "Point", "coordinates": [01, 2]}"#, "coordinates[0]", "leading zero", 34),
        (#"{"type": "Point", "coordinates": [1., 2]}"#, "coordinates[0]", "expected a digit after '.'", 36),
        (#"{"type": "Point", "type": "Point"}"#, "type", "duplicate member name", 24),
        (#"{"type": "Point",}"#, "", "expected a member name", 17),
        (#"{"type": "Point"} x"#, "", "unexpected data after the JSON value", 18),
        ("{\"type\": \"Po\u{1}int\"}", "type", "control character U+1", 12),
        (#"{"type": "\ud800"}"#, "type", "unpaired UTF-16 surrogate", 16),
        (#"{"type": "\q"}"#, "type", "invalid escape", 12),
        (#"{"type": tru}"#, "type", "invalid literal", 12),
    ]

    @Test("malformed JSON is refused with a path and byte offset", arguments: malformedCases)
    func malformedJSON(text: String, path: String, message: String, offset: Int) {
        guard let error = failure(text) else { return }
        #expect(error.kind == .malformedJSON, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.byteOffset == offset, "\(error)")
    }

    @Test("non-UTF-8 bytes are refused at the first bad byte")
    func nonUTF8() {
        var bytes = Array(#"{"type": "Point", "coordinates": [1, 2]}"#.utf8)
        bytes[10] = 0xFF
        let error = failure(Data(bytes))
        #expect(
            error?.kind == .malformedJSON && error?.byteOffset == 10
                && error?.message.contains("UTF-8") == true)
        #expect(failure(Data([0xC3]))?.byteOffset == 0)
        #expect(failure(Data([0xED, 0xA0, 0x80]))?.message.contains("UTF-8") == true)  // encoded surrogate
    }

    @Test("a byte-order mark and escapes are read")
    func bomAndEscapes() throws {
        let text =
            "\u{FEFF}"
            + #"{"type": "Feature", "id": "\u00e9\ud83d\uddfa\/\"", "geometry": null, "properties": null}"#
        #expect(try GeoJSON.decode(Data(text.utf8)) == .feature(Feature(id: .string("é🗺/\""), geometry: nil)))
    }

    @Test("deep nesting is refused without recursing: arrays, objects and geometry collections")
    func deepNesting() throws {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = failure(#"{"type": "Point", "coordinates": "# + arrays + "}")
        #expect(error?.kind == .tooDeep)
        #expect(failure(String(repeating: #"{"a":"#, count: 50_000))?.kind == .tooDeep)

        func collection(depth: Int) -> String {
            var text = #"{"type": "Point", "coordinates": [0, 0]}"#
            for _ in 0..<depth { text = #"{"type": "GeometryCollection", "geometries": ["# + text + "]}" }
            return text
        }
        #expect(throws: Never.self) {
            try GeoJSON.decode(Data(collection(depth: GeoJSON.maxCollectionDepth).utf8))
        }
        let tooDeep = failure(collection(depth: GeoJSON.maxCollectionDepth + 1))
        #expect(tooDeep?.kind == .invalidGeoJSON)
        #expect(tooDeep?.message.contains("nested more than 64 deep") == true)
        #expect(tooDeep?.path.hasPrefix(String(repeating: "geometries[0].", count: 63)) == true)
    }

    @Test("every truncation of a valid document is refused as malformed, never crashing")
    func truncations() {
        let bytes = Array(RFC7946Examples.featureCollection.utf8)
        for end in 0..<bytes.count where !bytes[..<end].allSatisfy({ $0 == 0x20 }) || end == 0 {
            let error = failure(Data(bytes[..<end]))
            #expect(error?.kind == .malformedJSON, "prefix of \(end) bytes: \(String(describing: error))")
        }
    }

    @Test("random bytes and random mutations give typed errors, never crashes")
    func fuzz() {
        var rng = SeededGenerator(seed: 99)
        let seed = Array(RFC7946Examples.featureCollection.utf8)
        let alphabet = Array(#"{}[]":,-+.eE0123456789 truefalsnul\"#.utf8) + [0xFF, 0xC3, 0x00, 0x0A]
        var accepted = 0
        for round in 0..<3_000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &rng)).map { _ in
                    alphabet.randomElement(using: &rng) ?? 0
                }
            } else {
                bytes = seed
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let index = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes[index] = alphabet.randomElement(using: &rng) ?? 0
                }
            }
            do {
                let document = try GeoJSON.decode(Data(bytes))
                #expect(try GeoJSON.decode(document.encode()) == document)
                accepted += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(accepted < 3_000)
    }
}

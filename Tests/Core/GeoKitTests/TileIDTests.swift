import Foundation
import LociTestSupport
import Testing

@testable import GeoKit

@Suite("Tile id forms")
struct TileIDTests {
    let tiler = GridTiler.standard

    @Test("id, raw value and string round-trip for random tiles at every level")
    func roundTrips() throws {
        var rng = SeededGenerator(seed: 10)
        for _ in 0..<3_000 {
            let level = Int.random(in: 0..<tiler.levels, using: &rng)
            let tile = try tiler.tile(for: rng.coordinate(), level: level)
            #expect(try TileID(rawValue: tile.rawValue, tiler: tiler) == tile)
            #expect(try TileID(parsing: tile.description, tiler: tiler) == tile)
            #expect(try TileID(parsing: tile.description.lowercased(), tiler: tiler) == tile)
            #expect(try TileID(level: tile.level, row: tile.row, column: tile.column, tiler: tiler) == tile)
            #expect(tile.description.count == TileID.stringLength)
        }
    }

    @Test("the bit layout is level, row, column, and ordering follows it")
    func layout() throws {
        let tile = try TileID(level: 2, row: 5, column: 7, tiler: tiler)
        #expect(tile.rawValue == 2 << 60 | 5 << 30 | 7)
        let larger = try TileID(level: 2, row: 5, column: 8, tiler: tiler)
        let higherRow = try TileID(level: 2, row: 6, column: 0, tiler: tiler)
        #expect(tile < larger && larger < higherRow)
        let extreme = TileID(uncheckedRawValue: .max)
        #expect(extreme.description == "FZZZZZZZZZZZZ")
        #expect(try TileID(parsingSyntaxOnly: "FZZZZZZZZZZZZ") == extreme)
    }

    @Test("Crockford aliases read as the digits they resemble")
    func aliases() throws {
        #expect(try TileID(parsingSyntaxOnly: "OOOOOOOOOOOOI").rawValue == 1)
        #expect(try TileID(parsingSyntaxOnly: "0000000000001").rawValue == 1)
        #expect(try TileID(parsingSyntaxOnly: "000000000000l").rawValue == 1)
    }

    @Test("Codable uses the string form and refuses bad strings")
    func codable() throws {
        let tile = tiler.tile(for: try Coordinate(latitude: 48.8584, longitude: 2.2945))
        let data = try JSONEncoder().encode([tile])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(tile.description)\"]")
        #expect(try JSONDecoder().decode([TileID].self, from: data) == [tile])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([TileID].self, from: Data("[\"not-a-tile\"]".utf8))
        }
    }

    @Test(
        "bad strings are refused with the position of the first bad character",
        arguments: [
            ("", GridTilerError.wrongLength(0, expected: 13)),
            ("000214Y00429", .wrongLength(12, expected: 13)),
            ("000214Y00429TT", .wrongLength(14, expected: 13)),
            ("000214U00429T", .badCharacter("U", position: 7)),
            ("000214Y0042 T", .badCharacter(" ", position: 12)),
            ("-00214Y00429T", .badCharacter("-", position: 1)),
            ("000214Y0042é9", .badCharacter("é", position: 12)),
            ("000214Y0042🗺9", .badCharacter("🗺", position: 12)),
            ("000214Y0042\u{0}9", .badCharacter("\u{0}", position: 12)),
            ("G000000000000", .valueTooLarge("G000000000000")),
            ("Z000000000000", .valueTooLarge("Z000000000000")),
        ])
    func refusesBadStrings(text: String, expected: GridTilerError) {
        #expect(throws: expected) { try TileID(parsing: text, tiler: tiler) }
    }

    @Test("well-formed ids that name no cell are refused with the field at fault")
    func refusesForeignIDs() throws {
        let rows = try tiler.rowCount(level: 0)
        let tooHigh = TileID(uncheckedLevel: 0, row: rows, column: 0)
        #expect(throws: GridTilerError.rowOutOfRange(level: 0, row: rows, rowCount: rows)) {
            try TileID(parsing: tooHigh.description, tiler: tiler)
        }
        let columns = try tiler.columnCount(level: 1, row: 7)
        let tooEast = TileID(uncheckedLevel: 1, row: 7, column: columns)
        #expect(
            throws: GridTilerError.columnOutOfRange(level: 1, row: 7, column: columns, columnCount: columns)
        ) {
            try TileID(rawValue: tooEast.rawValue, tiler: tiler)
        }
        let tooCoarse = TileID(uncheckedLevel: 3, row: 0, column: 0)
        #expect(throws: GridTilerError.levelOutOfRange(level: 3, levels: 3)) {
            try TileID(parsing: tooCoarse.description, tiler: tiler)
        }
        #expect(throws: GridTilerError.self) { try tiler.bounds(of: tooEast) }
        #expect(throws: GridTilerError.self) { try tiler.neighbors(of: tooHigh) }
        #expect(throws: GridTilerError.self) { try TileID(level: 0, row: -1, column: 0, tiler: tiler) }
        #expect(throws: GridTilerError.self) { try TileID(level: 0, row: 0, column: Int.max, tiler: tiler) }
    }

    @Test("random and hostile strings never crash: they parse to a valid id or throw")
    func hostileStrings() {
        var rng = SeededGenerator(seed: 11)
        let pieces = ["0", "Z", "z", "U", "\u{0}", "é", "🗺", " ", "\n", "\r\n", "F", "G", "-", "\u{301}"]
        var valid = 0
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...16, using: &rng)
            let text = (0..<length).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            do {
                let tile = try TileID(parsing: text, tiler: tiler)
                #expect(throws: Never.self) { try tiler.validate(tile) }
                valid += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        let long = String(repeating: "Z", count: 100_000)
        #expect(throws: GridTilerError.wrongLength(100_000, expected: 13)) {
            try TileID(parsing: long, tiler: tiler)
        }
        #expect(valid < 5_000)
    }
}

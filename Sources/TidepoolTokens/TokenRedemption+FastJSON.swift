import Foundation
import GeoKit

extension TokenRedemption {
    /// The redemption in `json` when it is written plainly — one object, the four members once
    /// each in any order, strings of printable ASCII without escapes but `\/`, the epoch as at most 15
    /// digits — decoded from the bytes without building a Foundation object tree. `nil` for
    /// anything else (and for any invalid value), so the caller falls back to the full parser,
    /// which gives the same answer for every body this accepts and names the error for the rest.
    /// Ingest is the server's hottest route; this is about a third of a redemption's own CPU.
    static func plainlyWritten(_ json: Data, tiler: GridTiler) -> TokenRedemption? {
        guard json.count <= maximumJSONBytes else { return nil }
        var tileText: String?
        var epoch: Int64?
        var nonce: Data?
        var signature: Data?
        let scanned: Bool = json.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            func skipSpace() {
                while index < bytes.count {
                    switch bytes[index] {
                    case 0x20, 0x09, 0x0A, 0x0D: index += 1
                    default: return
                    }
                }
            }
            func expect(_ byte: UInt8) -> Bool {
                skipSpace()
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            /// A string's bytes between quotes: printable ASCII, with no escape but `\/` (which
            /// JSONSerialization writes for every `/` of base64 by default).
            func string() -> String? {
                guard let (range, slashes) = stringRange() else { return nil }
                return text(range, slashes: slashes)
            }
            /// A string's base64, decoded straight from its bytes.
            func base64() -> Data? {
                guard let (range, _) = stringRange() else { return nil }
                return Self.base64(UnsafeBufferPointer(rebasing: bytes[range]))
            }
            /// The range of a string's bytes between quotes, and whether it holds `\/`.
            func stringRange() -> (Range<Int>, Bool)? {
                guard expect(UInt8(ascii: "\"")) else { return nil }
                let start = index
                var slashes = false
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        index += 1
                        return (start..<(index - 1), slashes)
                    }
                    if byte == UInt8(ascii: "\\") {
                        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { return nil }
                        slashes = true
                        index += 2
                        continue
                    }
                    guard byte >= 0x20, byte < 0x7F else { return nil }
                    index += 1
                }
                return nil
            }
            /// The text of `range`; with `slashes`, each `\/` read as `/` (the only escape let in).
            func text(_ range: Range<Int>, slashes: Bool) -> String {
                let slice = UnsafeBufferPointer(rebasing: bytes[range])
                guard slashes else { return String(decoding: slice, as: UTF8.self) }
                return String(decoding: slice.filter { $0 != UInt8(ascii: "\\") }, as: UTF8.self)
            }
            /// An integer as JSON writes it (no leading zeros, no fraction or exponent), ≤ 15 digits.
            func integer() -> Int64? {
                skipSpace()
                var negative = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                    negative = true
                    index += 1
                }
                let start = index
                var value: Int64 = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                let digits = index - start
                guard digits > 0, digits <= 15, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
                if index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
                    default: break
                    }
                }
                return negative ? -value : value
            }
            guard expect(UInt8(ascii: "{")) else { return false }
            for member in 0..<4 {
                if member > 0, !expect(UInt8(ascii: ",")) { return false }
                guard let key = string(), expect(UInt8(ascii: ":")) else { return false }
                switch key {
                case "tile_id" where tileText == nil:
                    guard let value = string() else { return false }
                    tileText = value
                case "epoch" where epoch == nil:
                    guard let value = integer() else { return false }
                    epoch = value
                case "nonce" where nonce == nil:
                    guard let value = base64() else { return false }
                    nonce = value
                case "signature" where signature == nil:
                    guard let value = base64() else { return false }
                    signature = value
                default: return false
                }
            }
            guard expect(UInt8(ascii: "}")) else { return false }
            skipSpace()
            return index == bytes.count
        }
        guard scanned, let tileText, let epoch, let nonce, let signature,
            let tile = try? TileID(parsing: tileText, tiler: tiler)
        else { return nil }
        return TokenRedemption(tile: tile, epoch: epoch, nonce: nonce, signature: signature)
    }

    /// Base64 (RFC 4648 §4) written canonically — not empty, padded to a multiple of 4, `=` only
    /// at the end, zero bits after the last byte — possibly with each `/` escaped as `\/`
    /// (already checked by the caller: a backslash here is always one). `nil` for anything else,
    /// which the full parser then reads (Foundation's decoder gives the same bytes for every text
    /// decoded here).
    static func base64(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        // Validate and count first, then decode into a Data of the final size (one allocation).
        let values = base64Values  // read once, not once per byte
        var sextets = 0
        var padding = 0
        for byte in text where byte != UInt8(ascii: "\\") {
            if byte == UInt8(ascii: "=") {
                padding += 1
            } else {
                guard values[Int(byte)] < 64, padding == 0 else { return nil }
                sextets += 1
            }
        }
        let held = sextets % 4
        guard sextets > 0, padding <= 2, padding == (4 - held) % 4 else { return nil }
        var decoded = Data(count: sextets / 4 * 3 + max(0, held - 1))
        let spareBitsZero = decoded.withUnsafeMutableBytes { (output: UnsafeMutableRawBufferPointer) -> Bool in
            var accumulator: UInt32 = 0
            var count = 0
            var written = 0
            for byte in text where byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "=") {
                accumulator = accumulator << 6 | UInt32(values[Int(byte)])
                count += 1
                if count == 4 {
                    output[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    output[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    output[written + 2] = UInt8(truncatingIfNeeded: accumulator)
                    written += 3
                    accumulator = 0
                    count = 0
                }
            }
            switch count {
            case 2:
                output[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
                return accumulator & 0x0F == 0
            case 3:
                output[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
                output[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
                return accumulator & 0x03 == 0
            default: return true
            }
        }
        return spareBitsZero ? decoded : nil
    }

    /// Each byte's base64 value; 255 for bytes outside the alphabet.
    private static let base64Values: [UInt8] = {
        var values = [UInt8](repeating: 255, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            values[Int(byte)] = UInt8(value)
        }
        return values
    }()
}

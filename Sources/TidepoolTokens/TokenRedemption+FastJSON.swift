import Foundation
import GeoKit

extension TokenRedemption {
    /// The redemption in `json` when it is written plainly — one object, the four members once
    /// each in any order, strings of printable ASCII without escapes, the epoch as at most 15
    /// digits — decoded from the bytes without building a Foundation object tree. `nil` for
    /// anything else (and for any invalid value), so the caller falls back to the full parser,
    /// which gives the same answer for every body this accepts and names the error for the rest.
    /// Ingest is the server's hottest route; this is about a third of a redemption's own CPU.
    static func plainlyWritten(_ json: Data, tiler: GridTiler) -> TokenRedemption? {
        guard json.count <= maximumJSONBytes else { return nil }
        var tileText: String?
        var epoch: Int64?
        var nonceText: String?
        var signatureText: String?
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
            /// A string's bytes between quotes: printable ASCII, no backslash.
            func string() -> Range<Int>? {
                guard expect(UInt8(ascii: "\"")) else { return nil }
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        index += 1
                        return start..<(index - 1)
                    }
                    guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
                    index += 1
                }
                return nil
            }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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
                switch text(key) {
                case "tile_id" where tileText == nil:
                    guard let value = string() else { return false }
                    tileText = text(value)
                case "epoch" where epoch == nil:
                    guard let value = integer() else { return false }
                    epoch = value
                case "nonce" where nonceText == nil:
                    guard let value = string() else { return false }
                    nonceText = text(value)
                case "signature" where signatureText == nil:
                    guard let value = string() else { return false }
                    signatureText = text(value)
                default: return false
                }
            }
            guard expect(UInt8(ascii: "}")) else { return false }
            skipSpace()
            return index == bytes.count
        }
        guard scanned, let tileText, let epoch, let nonceText, let signatureText,
            let tile = try? TileID(parsing: tileText, tiler: tiler),
            let nonce = Data(base64Encoded: nonceText), let signature = Data(base64Encoded: signatureText)
        else { return nil }
        return TokenRedemption(tile: tile, epoch: epoch, nonce: nonce, signature: signature)
    }
}

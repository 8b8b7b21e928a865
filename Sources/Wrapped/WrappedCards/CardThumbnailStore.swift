import Dispatch
import Foundation
import Synchronization
import WrappedCardLayout
import WrappedKit

/// Decoded, downscaled copies of card photos kept on disk: what a photo app's thumbnail store
/// gives its renderer (PhotoKit's `requestImage(targetSize:)` on the phone), so drawing a card
/// never decodes a full 12 MP file. `loci wrapped` prepares them while it builds the deck; a card
/// then renders from them in a few milliseconds per photo.
///
/// A thumbnail is the photo decoded by ``JPEGDecoder`` at the smallest N/8 scale that still covers
/// a card tile, stored raw (no second lossy step) in `directory` under a name derived from the
/// photo's path, size and modification time, so an edited photo gets a new thumbnail. Files are
/// written atomically; a damaged one is refused on reading and the renderer falls back to its
/// typographic tile, like any other undecodable photo.
public struct CardThumbnailStore: Sendable {
    /// Where thumbnails live.
    public let directory: URL
    /// Extension of thumbnail files (``CardRenderer`` reads them instead of decoding).
    public static let fileExtension = "lthumb"
    static let magic = Array("LOCITHM1".utf8)
    static let headerSize = 8 + 7 * 4
    /// Largest width or height accepted when reading (a tile needs a few hundred pixels).
    static let maximumSide = 8_192

    /// A store in `directory` (created when needed).
    public init(directory: URL) {
        self.directory = directory
    }

    /// `deck` with every card photo that has a local file pointing at its thumbnail, made now
    /// (in parallel) when missing or stale. A photo that cannot be decoded keeps its path: the
    /// renderer then reports why and draws a typographic tile.
    public func prepare(_ deck: Deck) -> Deck {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let paths = Array(Set(deck.cards.flatMap { card in card.photos.compactMap(\.path) })).sorted()
        let made = Mutex([String?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let thumb = thumbnail(for: paths[index])
            made.withLock { $0[index] = thumb }
        }
        let byPath = Dictionary(uniqueKeysWithValues: zip(paths, made.withLock { $0 }).compactMap { path, thumb in thumb.map { (path, $0) } })
        var deck = deck
        for c in deck.cards.indices {
            for p in deck.cards[c].photos.indices {
                if let path = deck.cards[c].photos[p].path, let thumb = byPath[path] { deck.cards[c].photos[p].path = thumb }
            }
        }
        return deck
    }

    /// The path of an up-to-date thumbnail of the JPEG at `path`, made when needed; `nil` when the
    /// photo cannot be decoded or the thumbnail cannot be written.
    public func thumbnail(for path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let key = "\(path)\u{0}\(size.int64Value)\u{0}\(modified.timeIntervalSince1970)\u{0}\(LayoutMetrics.tileSide)"
        let url = directory.appendingPathComponent("\(Self.hash(key)).\(Self.fileExtension)")
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        guard let photo = try? JPEGDecoder.decode(path: path, minimumSide: Int(LayoutMetrics.tileSide)) else { return nil }
        do {
            try Data(Self.encode(photo)).write(to: url, options: .atomic)
            return url.path
        } catch {
            return nil
        }
    }

    /// Reads a thumbnail file written by this store.
    public static func read(path: String) throws(PhotoDecodeError) -> DecodedPhoto {
        let bytes = try JPEGDecoder.readFile(path)
        guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic else {
            throw .corrupt(path: path, message: "not a Loci thumbnail")
        }
        func field(_ i: Int) -> Int {
            let o = 8 + 4 * i
            return Int(UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24)
        }
        let (width, height, stride) = (field(0), field(1), field(2))
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height), stride >= width * 4, stride <= width * 4 + 64,
            (1...8).contains(field(3)), (1...8).contains(field(6)), bytes.count == headerSize + stride * height
        else { throw .corrupt(path: path, message: "thumbnail header does not match its size") }
        return DecodedPhoto(
            width: width, height: height, stride: stride, pixels: Array(bytes[headerSize...]), orientation: field(3),
            sourceWidth: field(4), sourceHeight: field(5), scaleEighths: field(6))
    }

    static func encode(_ photo: DecodedPhoto) -> [UInt8] {
        var out = magic
        for value in [photo.width, photo.height, photo.stride, photo.orientation, photo.sourceWidth, photo.sourceHeight, photo.scaleEighths] {
            let v = UInt32(clamping: value)
            out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        return out + photo.pixels
    }

    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

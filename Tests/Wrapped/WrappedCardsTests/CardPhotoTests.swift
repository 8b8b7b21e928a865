import Foundation
import LociTestSupport
import Testing
import WrappedCardFixtures
import WrappedCardLayout
import WrappedKit

@testable import WrappedCards

@Suite("Card photos")
struct CardPhotoTests {
    /// The Arezzo walk: 640 × 480 camera JPEGs. Means of the centre square inset by 30/296 of its
    /// side, computed independently with Pillow 12 (Image.convert("RGB"), ImageStat.mean).
    static let arezzo: [(name: String, mean: [Double])] = [
        ("DSCN0010", [155, 135, 72]), ("DSCN0012", [115, 98, 72]), ("DSCN0021", [113, 103, 73]),
        ("DSCN0025", [115, 106, 97]), ("DSCN0027", [138, 124, 113]), ("DSCN0029", [111, 106, 91]),
        ("DSCN0038", [146, 125, 111]), ("DSCN0040", [111, 105, 94]), ("DSCN0042", [118, 108, 97]),
    ]
    static let hasPhotos = SharedData.has("photos/exif-samples/jpg/gps/DSCN0010.jpg")
    static let why = SharedData.missingMessage("photos/exif-samples/jpg")

    static func path(_ relative: String) -> String {
        SharedData.url("photos/exif-samples/jpg/" + relative).path
    }

    @Test(
        "a collage of nine real photos draws each one, centre-cropped, in its tile",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func collageDrawsPhotos() throws {
        let card = CardFixtures.collage(Self.arezzo.map { Self.path("gps/\($0.name).jpg") })
        let rendered = try CardRenderer.render(card, skin: .poster)
        #expect(rendered.photoFailures.isEmpty)
        #expect(rendered.layout.tiles.count == 9)
        #expect(rendered.layout.tiles.allSatisfy { $0.caption == nil })
        let image = try #require(DecodedPNG(rendered.png))
        for tile in rendered.layout.tiles {
            #expect(CardCanvas.safeArea.contains(tile.rect))
            let inset = 30
            let mean = image.mean(
                x: Int(tile.rect.x) + inset, y: Int(tile.rect.y) + inset,
                width: Int(tile.rect.width) - 2 * inset,
                height: Int(tile.rect.height) - 2 * inset)
            let expected = Self.arezzo[tile.photoIndex].mean
            #expect(abs(mean.0 - expected[0]) < 8, "tile \(tile.photoIndex) red \(mean.0)")
            #expect(abs(mean.1 - expected[1]) < 8, "tile \(tile.photoIndex) green \(mean.1)")
            #expect(abs(mean.2 - expected[2]) < 8, "tile \(tile.photoIndex) blue \(mean.2)")
        }
    }

    @Test(
        "photos that cannot be decoded get typographic tiles, and the rest still draw",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func brokenPhotosFallBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path("gps/DSCN0010.jpg"))))
        let truncated = folder.appendingPathComponent("truncated.jpg").path
        try Data(good.prefix(good.count / 3)).write(to: URL(fileURLWithPath: truncated))
        let garbage = folder.appendingPathComponent("garbage.jpg").path
        var scrambled = good
        for i in stride(from: 700, to: scrambled.count, by: 3) { scrambled[i] ^= 0x5A }
        try Data(scrambled).write(to: URL(fileURLWithPath: garbage))
        let png = folder.appendingPathComponent("really-a-png.jpg").path
        try Data(try CardRenderer.png(for: CardFixtures.title, skin: .pastel)).write(
            to: URL(fileURLWithPath: png))
        let empty = folder.appendingPathComponent("empty.jpg").path
        try Data().write(to: URL(fileURLWithPath: empty))

        let paths: [String?] = [
            Self.path("gps/DSCN0010.jpg"), truncated, png, folder.appendingPathComponent("missing.jpg").path,
            folder.path, nil, empty, garbage, Self.path("corrupted.jpg"),
        ]
        let rendered = try CardRenderer.render(CardFixtures.collage(paths), skin: .pastel)
        #expect(rendered.layout.tiles.count == 9)
        #expect(rendered.layout.tiles[0].caption == nil)
        let failed = Dictionary(
            uniqueKeysWithValues: rendered.photoFailures.map { ($0.photoIndex, $0.error) })
        #expect(failed[1] == .truncated(path: truncated))
        #expect(failed[2] == .notJPEG(path: png, firstBytes: "89 50 4E 47"))
        #expect(failed[3] == .missing(path: folder.appendingPathComponent("missing.jpg").path))
        #expect(failed[4] == .notARegularFile(path: folder.path))
        #expect(failed[5] == .noLocalFile(assetID: "asset-5"))
        #expect(failed[6] == .notJPEG(path: empty, firstBytes: "nothing: the file is empty"))
        #expect(failed[7] != nil)
        for tile in rendered.layout.tiles.dropFirst() where failed[tile.photoIndex] != nil {
            #expect(tile.caption?.text == "\(tile.photoIndex + 1)")
        }
        // The drawn photo has a photo's spread of tones; a typographic tile's top strip is flat.
        let image = try #require(DecodedPNG(rendered.png))
        let strip = { (tile: PhotoTile) in
            image.luminanceDeviation(
                x: Int(tile.rect.x) + 30, y: Int(tile.rect.y) + 30, width: Int(tile.rect.width) - 60,
                height: 50)
        }
        #expect(strip(rendered.layout.tiles[0]) > 15)
        #expect(strip(rendered.layout.tiles[3]) < 3)
    }

    @Test(
        "a header claiming 60 000 × 60 000 pixels is refused, not decoded",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func hugeDimensions() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path("gps/DSCN0010.jpg"))))
        // Walk the top-level segments (the EXIF thumbnail inside APP1 has its own SOF) to SOF0.
        var at = 2
        while at + 4 < bytes.count, bytes[at + 1] != 0xC0 {
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        try #require(at + 9 < bytes.count && bytes[at] == 0xFF)
        bytes.replaceSubrange((at + 5)..<(at + 9), with: [0xEA, 0x60, 0xEA, 0x60])  // 60 000, 60 000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("huge.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: huge))
        #expect(throws: PhotoDecodeError.tooManyPixels(path: huge, width: 60_000, height: 60_000)) {
            try JPEGDecoder.decode(path: huge, minimumSide: 296)
        }
    }

    @Test(
        "every sample JPEG decodes, as it does in Pillow, odd metadata and all",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func everySample() throws {
        let root = SharedData.url("photos/exif-samples/jpg")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap {
            $0 as? String
        }
        .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg") }.sorted()
        #expect(files.count > 80)
        var failed: [String] = []
        for file in files {
            do {
                let photo = try JPEGDecoder.decode(
                    path: root.appendingPathComponent(file).path, minimumSide: 296)
                #expect(photo.pixels.count == photo.stride * photo.height)
            } catch {
                failed.append("\(error)")
            }
        }
        // Pillow 12 loads every one of these files (Image.open(…).load() raises for none), the
        // "invalid" and "corrupted" ones included: their damage is in the metadata.
        #expect(failed.isEmpty)
    }

    @Test("a collage none of whose photos decodes becomes a typographic card")
    func collageWithoutPhotos() throws {
        let card = CardFixtures.collage(["/nonexistent/a.jpg", nil, "/"])
        let rendered = try CardRenderer.render(card, skin: .poster)
        #expect(rendered.layout.tiles.isEmpty)
        #expect(rendered.photoFailures.count == 3)
        #expect(rendered.layout.texts.contains { $0.role == .hero })
    }

    @Test(
        "photos are decoded at the smallest N/8 DCT scale that covers a tile",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func dctScaling() throws {
        let photo = try JPEGDecoder.decode(path: Self.path("mobile/jolla.jpg"), minimumSide: 296)
        #expect(photo.sourceWidth == 3264 && photo.sourceHeight == 2448)
        // 1/8 of 3264 × 2448 is 408 × 306, the first N/8 that covers 296 × 296.
        #expect(photo.scaleEighths == 1)
        #expect(photo.width == 408 && photo.height == 306)
        // 640 × 480: 4/8 gives 320 × 240 (too short), 5/8 gives 400 × 300.
        let small = try JPEGDecoder.decode(path: Self.path("gps/DSCN0010.jpg"), minimumSide: 296)
        #expect(small.scaleEighths == 5)
        #expect(small.width == 400 && small.height == 300)
    }

    @Test(
        "EXIF orientations 2–8 all show the same upright scene",
        .enabled(if: hasPhotos, Comment(rawValue: why)))
    func orientation() throws {
        var means: [(Double, Double, Double)] = []
        for n in 2...8 {
            let card = Card(
                kind: .topPlace, eyebrow: "", headline: "Arezzo",
                photos: [CardPhoto(assetID: "o\(n)", path: Self.path("orientation/landscape_\(n).jpg"))])
            let rendered = try CardRenderer.render(card, skin: .pastel)
            let photo = try JPEGDecoder.decode(
                path: Self.path("orientation/landscape_\(n).jpg"), minimumSide: 296)
            #expect(photo.orientation == n)
            let tile = try #require(rendered.layout.tiles.first)
            let image = try #require(DecodedPNG(rendered.png))
            // The top-left quarter of the tile: differs between orientations unless they are applied.
            means.append(
                image.mean(x: Int(tile.rect.x) + 20, y: Int(tile.rect.y) + 20, width: 120, height: 120))
        }
        for mean in means.dropFirst() {
            #expect(abs(mean.0 - means[0].0) + abs(mean.1 - means[0].1) + abs(mean.2 - means[0].2) < 15)
        }
    }
}

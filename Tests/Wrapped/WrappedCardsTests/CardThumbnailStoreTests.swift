import Foundation
import LociTestSupport
import Testing
import WrappedCardLayout
import WrappedKit

@testable import WrappedCards

@Suite(
    "The card thumbnail store",
    .enabled(
        if: SharedData.has("photos/exif-samples/jpg/gps/DSCN0010.jpg", "photos/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples/jpg"))))
struct CardThumbnailStoreTests {
    let store = CardThumbnailStore(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)"))
    let large = SharedData.url("photos/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg").path
    let small = SharedData.url("photos/exif-samples/jpg/gps/DSCN0010.jpg").path

    @Test("a thumbnail reads back as exactly the decoder's output, and renders the same card")
    func roundTrip() throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let thumb = try #require(store.thumbnail(for: large))
        let decoded = try JPEGDecoder.decode(path: large, minimumSide: Int(LayoutMetrics.tileSide))
        let read = try CardThumbnailStore.read(path: thumb)
        #expect(read.pixels == decoded.pixels)
        #expect((read.width, read.height, read.stride, read.orientation) == (decoded.width, decoded.height, decoded.stride, decoded.orientation))
        #expect(min(read.width, read.height) < 2 * Int(LayoutMetrics.tileSide))  // stored at a tile's scale, not 4608 × 1976
        let card = Card(kind: .collage, eyebrow: "2025", headline: "Moments", photos: [CardPhoto(assetID: "a", path: large)])
        let prepared = store.prepare(Deck(cards: [card], isLowCoverage: false)).cards[0]
        #expect(prepared.photos[0].path == thumb)
        #expect(try CardRenderer.png(for: prepared, skin: .poster) == CardRenderer.png(for: card, skin: .poster))
    }

    @Test("photos that cannot be decoded keep their path; damaged thumbnails are refused")
    func failures() throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let notJPEG = store.directory.appendingPathComponent("text.jpg")
        try Data("hello".utf8).write(to: notJPEG)
        let card = Card(
            kind: .collage, eyebrow: "", headline: "",
            photos: [CardPhoto(assetID: "x", path: notJPEG.path), CardPhoto(assetID: "y", path: nil), CardPhoto(assetID: "z", path: small)])
        let prepared = store.prepare(Deck(cards: [card], isLowCoverage: false)).cards[0]
        #expect(prepared.photos[0].path == notJPEG.path)
        #expect(prepared.photos[1].path == nil)
        let thumb = try #require(prepared.photos[2].path)
        #expect(thumb.hasSuffix(".lthumb"))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: thumb))
        bytes.removeLast(10)
        let damaged = store.directory.appendingPathComponent("damaged.lthumb")
        try bytes.write(to: damaged)
        #expect(throws: PhotoDecodeError.self) { try CardThumbnailStore.read(path: damaged.path) }
        try Data("LOCITHM1".utf8 + [UInt8](repeating: 0xFF, count: 40)).write(to: damaged)
        #expect(throws: PhotoDecodeError.self) { try CardThumbnailStore.read(path: damaged.path) }
    }

    @Test("an edited photo gets a new thumbnail")
    func staleness() throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let copy = store.directory.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(atPath: small, toPath: copy.path)
        let first = try #require(store.thumbnail(for: copy.path))
        #expect(store.thumbnail(for: copy.path) == first)
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: large, toPath: copy.path)
        let second = try #require(store.thumbnail(for: copy.path))
        #expect(second != first)
        #expect(try CardThumbnailStore.read(path: second).sourceWidth == 4_608)
    }
}

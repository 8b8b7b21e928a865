import Foundation
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedKit

@Suite("Folder photo source")
struct FolderPhotoSourceTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photo-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "the real corpus scans completely: every listed file, the invalid ones included, is an asset or an issue",
        .enabled(if: SharedData.has("photos/exif-samples"), Comment(rawValue: SharedData.missingMessage("photos/exif-samples"))))
    func realCorpus() throws {
        let source = FolderPhotoSource(root: SharedData.url("photos/exif-samples").path)
        let listing = try source.list()
        let scan = source.scan(listing)
        #expect(listing.files.count >= 100)
        #expect(scan.assets.count + scan.issues.count == listing.files.count + listing.issues.count)
        let invalid = listing.files.filter { $0.relativePath.hasPrefix("jpg/invalid/") }.map(\.relativePath)
        #expect(invalid.count == 7)
        for id in invalid { #expect(scan.assets.contains { $0.id == id } || scan.issues.contains { $0.path.hasSuffix(id) }) }
        // The iPhone 11 Pro Max HEIC: −05:00 and GPS in Missouri (values exiftool reads, see the CSV).
        let iphone = try #require(scan.assets.first { $0.id == "heic/IMG_5195.HEIC" })
        guard case .wallClock(let wall, let offset) = try #require(iphone.captureTime) else {
            Issue.record("expected a wall clock")
            return
        }
        #expect(wall.description == "2021-04-11T15:47:53")
        #expect(offset == -5 * 3_600)
        #expect(abs((iphone.coordinate?.latitude ?? 0) - 39.0513444444444) < 1e-6)
        #expect(iphone.localPath == nil)  // HEIC: not drawable by the card renderer
        let located = scan.assets.filter { $0.coordinate != nil }
        #expect(located.count >= 15)
    }

    @Test("truncated and random files are issues; the scan continues past them")
    func brokenFiles() throws {
        let folder = try temporaryFolder()
        var generator = SeededGenerator(seed: 7)
        for i in 0..<20 {
            let bytes = (0..<(i * 97)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: folder.appendingPathComponent("random-\(i).jpg"))
        }
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00]).write(to: folder.appendingPathComponent("truncated.jpg"))
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let source = FolderPhotoSource(root: folder.path)
        let listing = try source.list()
        #expect(listing.files.count == 21)  // notes.txt is not a photo file
        let scan = source.scan(listing)
        #expect(scan.issues.count + scan.assets.count == 21)
        #expect(scan.issues.contains { $0.path.hasSuffix("truncated.jpg") })
        #expect(scan.assets.allSatisfy { $0.captureTime == nil && $0.coordinate == nil })
    }

    @Test("a symbolic-link loop does not hang the walk, and each folder is listed once")
    func symlinkLoop() throws {
        let folder = try temporaryFolder()
        let inner = folder.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: inner.appendingPathComponent("x.jpg"))
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("loop").path, withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("self").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.jpg").path, withDestinationPath: "nowhere.jpg")
        let listing = try FolderPhotoSource(root: folder.path).list()
        #expect(listing.files.map(\.relativePath) == ["a/b/x.jpg"])
        #expect(listing.issues.contains { $0.path.hasSuffix("dangling.jpg") })
    }

    @Test("the fingerprint changes when a file is added, removed or rewritten, and not otherwise")
    func fingerprint() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("one.jpg")
        try Data([0xFF, 0xD8]).write(to: file)
        let source = FolderPhotoSource(root: folder.path)
        let first = try source.list().fingerprint
        #expect(try source.list().fingerprint == first)
        try Data([0xFF, 0xD8, 0x00]).write(to: file)
        let rewritten = try source.list().fingerprint
        #expect(rewritten != first)
        try Data([0xFF, 0xD8]).write(to: folder.appendingPathComponent("two.jpeg"))
        let added = try source.list().fingerprint
        #expect(added != rewritten)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("two.jpeg"))
        #expect(try source.list().fingerprint == rewritten)
    }

    @Test("a missing root or a file as root is a source error naming it")
    func badRoot() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("f.jpg")
        try Data([1]).write(to: file)
        for root in [folder.appendingPathComponent("missing").path, file.path] {
            #expect(throws: WrappedError.sourceFailed("\(root) is not a readable folder")) { try FolderPhotoSource(root: root).list() }
        }
    }
}

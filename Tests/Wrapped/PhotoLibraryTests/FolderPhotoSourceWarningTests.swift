import Foundation
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedKit

@Suite(
    "Folder photo source: a photo read with warnings stays in the scan",
    .enabled(
        if: SharedData.has("photos/exif-samples/jpg/gps/DSCN0010.jpg"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples"))))
struct FolderPhotoSourceWarningTests {
    @Test("a JPEG whose Make value runs past the end is an asset with its date and position, not an issue")
    func brokenTagKeepsPhoto() throws {
        var bytes = [UInt8](try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/gps/DSCN0010.jpg")))
        // Little-endian TIFF at 12 (APP1 right after SOI); IFD0's Make (0x010F) claims 2^28 characters.
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let ifd0 = 12 + (u16(16) | u16(18) << 16)
        let make = try #require((0..<u16(ifd0)).map { ifd0 + 2 + 12 * $0 }.first { u16($0) == 0x010F })
        bytes.replaceSubrange((make + 4)..<(make + 8), with: [0xFF, 0xFF, 0xFF, 0x0F])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photo-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent("broken-make.jpg"))

        let source = FolderPhotoSource(root: folder.path)
        let scan = source.scan(try source.list())
        #expect(scan.issues.isEmpty, "\(scan.issues)")
        let asset = try #require(scan.assets.first)
        guard case .wallClock(let wall, _) = try #require(asset.captureTime) else {
            Issue.record("expected a wall clock")
            return
        }
        // exiftool 12.57 on the original: 2008:10:22 16:28:39, 43.4674483333333, 11.8851266666639.
        #expect(wall.description == "2008-10-22T16:28:39")
        #expect(abs((asset.coordinate?.latitude ?? 0) - 43.4674483333333) < 1e-6)
        #expect(abs((asset.coordinate?.longitude ?? 0) - 11.8851266666639) < 1e-6)
    }
}

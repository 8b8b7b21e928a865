import Foundation
import LociTestSupport
import Testing

@testable import PhotoMetadata

@Suite(
    "The reader agrees with exiftool on hostile variants of the real samples",
    .enabled(if: ExiftoolTable.isAvailable, ExiftoolTable.missingMessage),
    .enabled(
        if: ExternalTool.shouldRun("exiftool"),
        Comment(rawValue: ExternalTool.missingMessage("exiftool", package: "libimage-exiftool-perl"))))
struct ExiftoolHostileAgreementTests {
    /// What exiftool read from one variant: the date and the signed position.
    struct Reading {
        var date: String?
        var latitude: Double?
        var longitude: Double?
    }

    /// Writes every variant of every real JPEG with Exif (see ``HostileVariants``) into a fresh
    /// folder; the variants are keyed by file name.
    private func writeVariants() throws -> (folder: URL, variants: [String: HostileVariants.Variant]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var variants: [String: HostileVariants.Variant] = [:]
        for row in try ExiftoolTable.rows() where row["FileType"] == "JPEG" {
            let source = try #require(row["SourceFile"])
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ExiftoolTable.path(source))))
            guard let layout = ExifLayout(jpeg: bytes) else { continue }
            let stem = source.dropFirst(2).map { $0 == "/" || $0 == "." ? "_" : String($0) }.joined()
            for variant in HostileVariants.variants(of: layout) {
                let name = "\(stem)--\(variant.name).\(variant.fileExtension)"
                try Data(variant.bytes).write(to: folder.appendingPathComponent(name))
                variants[name] = variant
            }
        }
        return (folder, variants)
    }

    /// What exiftool reads from the EXIF and GPS IFDs of every file in `folder`, keyed by file name:
    /// `exiftool -n -csv -q -q -EXIF:DateTimeOriginal -GPS:GPSLatitude -GPS:GPSLatitudeRef
    /// -GPS:GPSLongitude -GPS:GPSLongitudeRef FOLDER`. The groups keep out the dates and positions
    /// exiftool finds in XMP and maker notes, which this reader does not read (see
    /// ``ExiftoolAgreementTests/nonExifSources``); the references sign the position.
    private func exiftool(_ folder: URL) async throws -> [String: Reading] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ExternalTool.path("exiftool")))
        process.arguments = [
            "-n", "-csv", "-q", "-q", "-EXIF:DateTimeOriginal", "-GPS:GPSLatitude", "-GPS:GPSLatitudeRef",
            "-GPS:GPSLongitude", "-GPS:GPSLongitudeRef", folder.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // exiftool reads 600 files for tens of seconds on a loaded machine: wait on a Dispatch
        // thread, not on one of the few threads every other async test runs on.
        let running = process
        let reader = output.fileHandleForReading
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = reader.readDataToEndOfFile()
                running.waitUntilExit()
                continuation.resume(returning: data)
            }
        }
        var readings: [String: Reading] = [:]
        for row in ExiftoolTable.parse(String(decoding: data, as: UTF8.self)) {
            guard let file = row["SourceFile"] else { continue }
            func value(_ column: String) -> String? {
                row[column].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            func signed(_ column: String, negative: String) -> Double? {
                value(column).flatMap(Double.init).map {
                    value(column + "Ref")?.uppercased().hasPrefix(negative) == true ? -$0 : $0
                }
            }
            readings[URL(fileURLWithPath: file).lastPathComponent] = Reading(
                date: value("DateTimeOriginal"), latitude: signed("GPSLatitude", negative: "S"),
                longitude: signed("GPSLongitude", negative: "W"))
        }
        return readings
    }

    @Test(
        "wherever exiftool reads a variant's date or position the reader reads the same; it always returns",
        // A guard against a hang, not a speed bound: the full suite on 2 loaded cores took over 2.
        .timeLimit(.minutes(10)))
    func variantsAgree() async throws {
        let (folder, variants) = try writeVariants()
        defer { try? FileManager.default.removeItem(at: folder) }
        let readings = try await exiftool(folder)
        var dates = 0
        var positions = 0
        var datesByKind: [String: Int] = [:]
        for (name, variant) in variants.sorted(by: { $0.key < $1.key }) {
            let path = folder.appendingPathComponent(name).path
            var metadata: PhotoMetadata?
            do {
                metadata = try PhotoMetadataReader.read(path: path)
            } catch {
                #expect(
                    !variant.expectsWarning, "\(name) failed although its container is readable: \(error)")
            }
            if variant.expectsWarning, let metadata {
                #expect(!metadata.warnings.isEmpty, "\(name) read without a warning")
            }
            let exif = readings[name] ?? Reading()
            if let date = exif.date {
                #expect(
                    metadata?.dateTimeOriginal == date,
                    "\(name): date \(String(describing: metadata?.dateTimeOriginal)) vs exiftool \(date)")
                dates += 1
                datesByKind[variant.name, default: 0] += 1
            }
            if let latitude = exif.latitude, let longitude = exif.longitude {
                let ours = (metadata?.latitude ?? .nan, metadata?.longitude ?? .nan)
                #expect(
                    abs(ours.0 - latitude) <= 1e-6 && abs(ours.1 - longitude) <= 1e-6,
                    "\(name): position \(ours) vs exiftool \(latitude), \(longitude)")
                positions += 1
            }
        }
        // exiftool 12.57 reads 303 dates and 121 positions from the 603 variants; a generator that
        // stopped making the readable kinds would leave these checks with nothing to compare.
        #expect(
            variants.count > 500 && dates > 250 && positions > 100,
            "\(variants.count) variants, \(dates) dates, \(positions) positions")
        for kind in [
            "stray-bytes-after-exif", "stray-byte-before-exif", "make-runs-past-end", "model-bad-type",
            "gps-latitude-offset-past-end", "gps-pointer-past-end", "gps-count-past-segment",
            "tiff-ifds-after-image", "tiff-ifds-after-image-ifd-type", "tiff-cut-after-gps-ifd",
        ] {
            #expect((datesByKind[kind] ?? 0) > 0, "no \(kind) variant where exiftool reads the date")
        }
    }
}

import Foundation
import LociTestSupport
import Testing

@testable import OSMKit

@Suite("PBF reader on hostile input")
struct PBFHostileInputTests {
    /// The error from reading every block of `bytes`, or `nil` if reading succeeds.
    private func failure(_ bytes: [UInt8]) -> OSMError? {
        do {
            try PBFReader(bytes: bytes).forEachBlock { _ in }
            return nil
        } catch let error as OSMError {
            return error
        } catch {
            Issue.record("non-OSMError thrown: \(error)")
            return nil
        }
    }

    private let header = PBFTestFile.frame(
        type: "OSMHeader", blob: PBFTestFile.rawBlob(PBFTestFile.headerBlock()))

    @Test("refuses a blob header length of 0xFFFFFFFF without allocating it")
    func hugeHeaderLength() throws {
        let error = try #require(failure([0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 16)))
        #expect(error.kind == .blobHeaderTooLarge(size: 0xFFFF_FFFF, limit: 65_536))
        #expect(error.blobIndex == 0 && error.fileOffset == 0)
    }

    @Test("refuses a declared blob size over 32 MiB and one past the end of the file")
    func oversizedBlob() throws {
        let huge = try #require(
            failure(header + PBFTestFile.frame(type: "OSMData", blob: [], dataSize: 40_000_000)))
        #expect(huge.kind == .blobTooLarge(size: 40_000_000, limit: 33_554_432))
        #expect(huge.blobIndex == 1 && huge.fileOffset == header.count)
        let short = try #require(
            failure(header + PBFTestFile.frame(type: "OSMData", blob: [1, 2, 3], dataSize: 1_000)))
        #expect(short.kind == .truncatedBlob(needed: 1_000, available: 3))
        #expect(short.blobIndex == 1)
    }

    @Test("refuses a zlib blob declaring raw_size of 2 GB before allocating")
    func hugeRawSize() throws {
        let block = PBFTestFile.denseBlock(ids: [1], lats: [1], lons: [1])
        let bytes =
            header
            + PBFTestFile.frame(type: "OSMData", blob: PBFTestFile.zlibBlob(block, rawSize: 2_000_000_000))
        let error = try #require(failure(bytes))
        #expect(error.kind == .rawSizeTooLarge(size: 2_000_000_000, limit: 33_554_432))
        #expect(error.blobIndex == 1 && error.fileOffset == header.count)
    }

    @Test("reports zlib output that differs from raw_size, and corrupt zlib data")
    func zlibMismatch() throws {
        let block = PBFTestFile.denseBlock(ids: Array(1...100), lats: Array(1...100), lons: Array(1...100))
        let small = try #require(
            failure(
                header + PBFTestFile.frame(type: "OSMData", blob: PBFTestFile.zlibBlob(block, rawSize: 10))))
        #expect(small.kind == .rawSizeMismatch(declared: 10, actual: block.count))
        let large = try #require(
            failure(
                header
                    + PBFTestFile.frame(
                        type: "OSMData", blob: PBFTestFile.zlibBlob(block, rawSize: Int64(block.count + 5)))))
        #expect(large.kind == .rawSizeMismatch(declared: block.count + 5, actual: block.count))
        var corrupt = ProtobufTestEncoder()
        corrupt.int(2, 100)
        corrupt.data(3, [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF])
        let broken = try #require(failure(header + PBFTestFile.frame(type: "OSMData", blob: corrupt.bytes)))
        guard case .decompressionFailed = broken.kind else {
            Issue.record("expected decompressionFailed, got \(broken)")
            return
        }
        #expect(broken.blobIndex == 1)
    }

    @Test(
        "names an unsupported compression",
        arguments: [(UInt32(4), "lzma"), (5, "bzip2"), (6, "lz4"), (7, "zstd")])
    func unsupportedCompression(field: UInt32, name: String) throws {
        var blob = ProtobufTestEncoder()
        blob.int(2, 10)
        blob.data(field, [1, 2, 3])
        let error = try #require(failure(header + PBFTestFile.frame(type: "OSMData", blob: blob.bytes)))
        #expect(error.kind == .unsupportedCompression(name))
        #expect(error.description.contains(name))
    }

    @Test("refuses unknown required features and names them")
    func unknownRequiredFeature() throws {
        let bytes = PBFTestFile.file(
            header: PBFTestFile.headerBlock(required: ["OsmSchema-V0.6", "Teleportation"]), blocks: [])
        let error = try #require(failure(bytes))
        #expect(error.kind == .unknownRequiredFeatures(["Teleportation"]))
        #expect(error.blobIndex == 0 && error.description.contains("Teleportation"))
        #expect(throws: OSMError.self) { try PBFReader(bytes: bytes).header() }
    }

    @Test("reports a bad varint inside a block with the blob index and payload offset")
    func badVarint() throws {
        let payload: [UInt8] = [0x88, 0x01] + [UInt8](repeating: 0xFF, count: 11)  // granularity = <11-byte varint>
        let error = try #require(
            failure(header + PBFTestFile.frame(type: "OSMData", blob: PBFTestFile.zlibBlob(payload))))
        #expect(error.kind == .protobuf(.varintTooLong(offset: 2)))
        #expect(error.blobIndex == 1 && error.fileOffset == header.count)
    }

    @Test("reports string indices past the string table")
    func stringIndexOutOfRange() throws {
        let block = PBFTestFile.denseBlock(
            ids: [1, 2], lats: [1, 2], lons: [1, 2], keysVals: [0, 1, 9, 0], strings: ["", "k"])
        let error = try #require(failure(PBFTestFile.file(blocks: [block])))
        #expect(error.kind == .stringIndexOutOfRange(index: 9, count: 2))
        #expect(error.blobIndex == 1)
    }

    @Test("reports delta-decoded coordinates off the globe and inconsistent dense arrays")
    func coordinatesAndArrays() throws {
        let offGlobe = try #require(
            failure(
                PBFTestFile.file(blocks: [
                    PBFTestFile.denseBlock(ids: [1, 2], lats: [899_999_999, 900_000_001], lons: [0, 0])
                ])))
        guard case .coordinateOutOfRange(let id, _, _) = offGlobe.kind else {
            Issue.record("expected coordinateOutOfRange, got \(offGlobe)")
            return
        }
        #expect(id == 2)
        let overflow = try #require(
            failure(
                PBFTestFile.file(blocks: [
                    PBFTestFile.denseBlock(ids: [1], lats: [Int64.max / 2], lons: [0])
                ])))
        #expect(overflow.blobIndex == 1)
        let ragged = try #require(
            failure(
                PBFTestFile.file(blocks: [
                    PBFTestFile.denseBlock(ids: [1, 2, 3], lats: [1, 2], lons: [1, 2])
                ])))
        #expect(ragged.kind == .malformed("DenseNodes has fewer lat/lon than ids"))
    }

    @Test("requires an OSMHeader first and treats an empty file as missing it")
    func missingHeader() throws {
        #expect(failure([])?.kind == .missingHeader(foundType: nil))
        let dataFirst = PBFTestFile.frame(
            type: "OSMData", blob: PBFTestFile.rawBlob(PBFTestFile.denseBlock(ids: [1], lats: [1], lons: [1]))
        )
        #expect(failure(dataFirst)?.kind == .missingHeader(foundType: "OSMData"))
    }

    @Test(
        "reports every truncation of a real extract in the blob that was cut, after delivering the earlier blocks",
        .enabled(if: SharedExtracts.isAvailable, SharedExtracts.missingMessage))
    func truncatedRealFile() throws {
        let bytes = try SharedExtracts.bytes("nyc-west-village.osm.pbf")
        let frames = try pbfFrames(bytes)
        var cuts = Set(stride(from: 0, to: bytes.count, by: 997))
        for frame in frames {
            cuts.formUnion([
                frame.start, frame.start + 1, frame.start + 3, frame.start + 4, frame.start + 9,
                frame.end - 1, frame.end,
            ])
        }
        for cut in cuts.sorted() where cut < bytes.count {
            var delivered = 0
            let truncated = Array(bytes[..<cut])
            var thrown: Error?
            do {
                try PBFReader(bytes: truncated).forEachBlock { _ in delivered += 1 }
            } catch {
                thrown = error
            }
            let frameIndex = frames.firstIndex { $0.start <= cut && cut < $0.end } ?? frames.count
            let atBoundary = frames.contains { $0.start == cut }
            if atBoundary && cut > 0 {
                #expect(thrown == nil, "cut at blob boundary \(cut)")
                #expect(delivered == frameIndex - 1)
                continue
            }
            let error = try #require(thrown as? OSMError, "cut at \(cut)")
            if cut == 0 {
                #expect(error.kind == .missingHeader(foundType: nil))
                continue
            }
            #expect(error.blobIndex == frameIndex, "cut at \(cut): \(error)")
            #expect(delivered == max(0, frameIndex - 1), "cut at \(cut)")
            let offset = try #require(error.fileOffset)
            #expect(offset >= frames[frameIndex].start && offset <= cut, "cut at \(cut): \(error)")
            switch error.kind {
            case .truncatedBlobHeader, .truncatedBlob: break
            default: Issue.record("cut at \(cut): unexpected \(error)")
            }
        }
    }

    @Test(
        "survives random byte flips over a real extract (compressed and raw): throws OSMError or succeeds",
        .enabled(if: SharedExtracts.isAvailable, SharedExtracts.missingMessage),
        // A guard against a reader that loops on a damaged block, not a speed target: the whole
        // suite on a loaded two-core machine took this test past two minutes once.
        .timeLimit(.minutes(10)))
    func byteFlips() throws {
        let original = try SharedExtracts.bytes("nyc-west-village.osm.pbf")
        let raw = try rawified(original)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var rng = SeededGenerator(seed: seed)
        var outcomes = (succeeded: 0, failed: 0)
        for trial in 0..<300 {
            var bytes = trial.isMultiple(of: 3) ? original : raw
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[position] ^= UInt8.random(in: 1...255, using: &rng)
            }
            do {
                try PBFReader(bytes: bytes).forEachBlock { _ in }
                outcomes.succeeded += 1
            } catch is OSMError {
                outcomes.failed += 1
            } catch {
                Issue.record("seed \(seed) trial \(trial): non-OSMError \(error)")
            }
        }
        #expect(outcomes.failed > 0, "seed \(seed)")
    }
}

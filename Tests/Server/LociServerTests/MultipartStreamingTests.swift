import Foundation
import LociTestSupport
import Testing

@testable import LociServer

/// `POST /v1/identify`'s multipart body is parsed as it arrives and only a bounded prefix of the
/// photo is kept (finding 8 of issue 32: 40 uploads of 23 MB each were held whole, 1.34 GB).
@Suite("Streamed multipart uploads")
struct MultipartStreamingTests {
    static let boundary = "x-b0undary"
    static let allowed: Set<String> = ["photo", "tap", "heading"]

    /// A body with a preamble, two text parts, a photo whose bytes hold near-misses of the
    /// delimiter (`\r\n--x-b0undar`, `--x-b0undary` without its CRLF) and an epilogue.
    static let photo: [UInt8] =
        Array("JFIF\r\n--x-b0undar\r\n-".utf8) + (0..<5_000).map { UInt8($0 % 251) }
        + Array("--x-b0undary\r\r\n\r\n-".utf8)
    static var wellFormed: [UInt8] {
        Array("a preamble\r\n".utf8)
            + Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n12,34\r\n".utf8)
            + Array(
                "--\(boundary)\r\ncontent-disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            + Self.photo
            + Array(
                "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=heading\r\n\r\n90\r\n--\(boundary)--\r\nepilogue"
                    .utf8)
    }

    /// Bodies the parser must refuse, each with what its message must name.
    static let malformed: [(body: String, names: String)] = [
        ("", "no parts"),
        (
            "--x-b0undary\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n1,2",
            "ends inside part 1 (\"tap\")"
        ),
        (
            "--x-b0undary\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n1,2\r\n--x-b0undary",
            "ends after a boundary"
        ),
        ("--x-b0undary\r\nContent-Disposition: form-data; na", "header block of part 1"),
        (
            "--x-b0undary\r\nContent-Disposition: form-data; name=\"lat\"\r\n\r\n1\r\n--x-b0undary--",
            "unknown part \"lat\""
        ),
        ("--x-b0undary\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x-b0undary--", "part 1 has no name"),
        ("--x-b0undaryXX\r\n\r\n", "boundary line is malformed"),
        (
            "--x-b0undary\r\nContent-Disposition: attachment; name=\"tap\"\r\n\r\n1\r\n--x-b0undary--",
            "not form-data"
        ),
        (
            "--x-b0undary\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n1\r\n--x-b0undary\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n2\r\n--x-b0undary--",
            "appears more than once"
        ),
        (
            "--x-b0undary\r\nContent-Disposition: form-data; name=\"tap\"\r\n"
                + String(repeating: "X-Long: y\r\n", count: 1_000), "longer than 8192 bytes"
        ),
    ]

    /// The parts of `body` fed in `chunk`-byte pieces (nil: whole), or the failure.
    static func parse(_ body: [UInt8], chunk: Int?, keep: Int = .max) -> Result<
        [MultipartParser.Part], MultipartParser.Failure
    > {
        var parser = MultipartParser(boundary: boundary, allowed: allowed) { _ in keep }
        do {
            var index = 0
            let size = chunk ?? max(body.count, 1)
            while index < body.count {
                try parser.feed(body[index..<min(index + size, body.count)])
                index += size
            }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }

    @Test("a body fed in chunks of 1, 7 and 4096 bytes parses exactly as fed whole")
    func chunkingDoesNotMatter() throws {
        let whole = try Self.parse(Self.wellFormed, chunk: nil).get()
        #expect(whole.map(\.name) == ["tap", "photo", "heading"])
        #expect(whole[0].prefix == Array("12,34".utf8))
        #expect(whole[1].filename == "p.jpg")
        #expect(whole[1].contentType == "image/jpeg")
        #expect(whole[1].prefix == Self.photo)
        #expect(whole[1].size == Self.photo.count)
        #expect(whole[2].prefix == Array("90".utf8))
        for chunk in [1, 7, 4_096] {
            #expect(try Self.parse(Self.wellFormed, chunk: chunk).get() == whole, "chunks of \(chunk)")
        }
    }

    @Test("malformed bodies: the same 400 message in every chunking, naming what is wrong or missing")
    func malformedBodies() {
        for (body, names) in Self.malformed {
            let whole = Self.parse(Array(body.utf8), chunk: nil)
            guard case .failure(let failure) = whole else {
                Issue.record("accepted: \(body.prefix(60))")
                continue
            }
            #expect(failure.message.contains(names), "\(failure.message)")
            for chunk in [1, 7, 4_096] {
                #expect(
                    Self.parse(Array(body.utf8), chunk: chunk) == whole,
                    "chunks of \(chunk): \(body.prefix(60))")
            }
        }
    }

    @Test("a header block or a body fed a byte at a time is searched in linear time (the fuzzer's timeout)")
    func linearSearch() throws {
        // Found by `scripts/fuzz-server identify`: a header block just under the limit, in 1-byte
        // chunks, was searched from its start on every byte (8,000² / 2 bytes).
        let header =
            Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"tap\"\r\n".utf8)
            + Array(String(repeating: "X-A: b\r\n", count: 990).utf8)
            + Array("\r\n1,2\r\n--\(Self.boundary)--".utf8)
        let delimiter = "\r\n--\(Self.boundary)".utf8.count
        for body in [header, Self.wellFormed] {
            var parser = MultipartParser(boundary: Self.boundary, allowed: Self.allowed) { _ in .max }
            for byte in body { try parser.feed([byte]) }
            #expect(try parser.finish().isEmpty == false)
            #expect(
                parser.bytesSearched <= body.count * (delimiter + 1),
                "\(parser.bytesSearched) for \(body.count)")
        }
    }

    @Test("only the kept prefix of a part is held; its whole size is counted")
    func boundedPrefix() throws {
        for chunk in [1, 7, 4_096] {
            let parts = try Self.parse(Self.wellFormed, chunk: chunk, keep: 100).get()
            #expect(parts[1].prefix.count == 100)
            #expect(parts[1].size == Self.photo.count)
            #expect(
                parts[1].prefix
                    == Array(try Self.parse(Self.wellFormed, chunk: nil).get()[1].prefix.prefix(100)))
        }
        #expect(IdentifyRoutes.keptBytes(of: "photo") == IdentifyRoutes.photoPrefixBytes)
        #expect(IdentifyRoutes.keptBytes(of: "tap") == 201)
    }

    @Test(
        "a real photo padded past the kept prefix identifies as the photo itself, over a socket",
        .enabled(
            if: SharedData.has("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func paddedPhoto() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let photo = try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"))
        // Bytes after the image's end (as some cameras append): 3 MiB more than is kept.
        var padded = photo
        padded.append(
            Data((0..<(IdentifyRoutes.photoPrefixBytes * 3)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        let plain = IdentifyAPITests.multipart(photo: photo, tap: "1632,1224")
        let big = IdentifyAPITests.multipart(photo: padded, tap: "1632,1224")
        let expected = try await server.send("POST", "/v1/identify", raw: plain.0, contentType: plain.1)
        let answer = try await server.send("POST", "/v1/identify", raw: big.0, contentType: big.1)
        #expect(expected.status == 200)
        #expect(answer.status == 200, "\(answer.text)")
        let capture = try #require(answer.json["capture"] as? [String: Any])
        #expect(abs((capture["lat"] as? Double ?? 0) - 40.4469722222222) < 1e-9)
        #expect(capture["width"] as? Int == 3264)
        let expectedCapture = try #require(expected.json["capture"] as? [String: Any])
        #expect(
            try JSONSerialization.data(withJSONObject: capture, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: expectedCapture, options: .sortedKeys))
    }

    @Test("a multipart body cut short is a 400 naming the part it ends in")
    func truncatedBody() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let (body, type) = IdentifyAPITests.multipart(
            photo: Data(repeating: 0xAB, count: 200_000), tap: "1,1")
        let cut = body.prefix(150_000)
        let answer = try await server.send("POST", "/v1/identify", raw: Data(cut), contentType: type)
        #expect(answer.status == 400)
        #expect(answer.json["code"] as? String == "invalid_multipart")
        #expect(
            answer.json["message"] as? String
                == "the body ends inside part 2 (\"photo\"), without the closing boundary")
    }
}

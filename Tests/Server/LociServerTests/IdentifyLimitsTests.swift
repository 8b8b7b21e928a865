import Foundation
import Hummingbird
import LociTestSupport
import Testing

@testable import LociServer

/// Issue 32, finding 1: no identify input can make the server work without end, and a request's
/// work stops at its deadline.
@Suite("Identify limits", .serialized)
struct IdentifyLimitsTests {
    /// A multipart body with a photo, a tap and `extra` text parts.
    static func multipart(photo: Data, tap: String, extra: [String: String]) -> (Data, String) {
        let boundary = "loci-limits-boundary"
        var body = Data()
        for (name, value) in [("tap", tap)] + extra.sorted(by: { $0.key < $1.key }) {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8))
        body.append(photo)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// The out-of-range values of the issue, with the field each names.
    static let refused: [(field: String, value: Double)] = [
        ("accuracy", 1e308), ("accuracy", 1e9), ("heading", 400), ("heading", -1e308), ("pitch", 91),
        ("roll", 1e300), ("fov", 180), ("focal_length_35mm", 1e12), ("altitude", 1e308),
    ]

    @Test("JSON: accuracy 1e308, heading 400 or −1e308 and other values out of range are 400 invalid_field naming the field")
    func jsonOutOfRange() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        for (field, value) in Self.refused {
            var body = IdentifyAPITests.scene
            if field == "focal_length_35mm" { body["fov"] = nil }
            body[field] = value
            let answer = try await server.send("POST", "/v1/identify", json: body)
            #expect(answer.status == 400, "\(field) \(value): \(answer.text)")
            #expect(answer.json["code"] as? String == "invalid_field")
            let message = answer.json["message"] as? String ?? ""
            #expect(message.hasPrefix("\(field): "), "\(message)")
            #expect(message.contains("out of range"), "\(message)")
        }
        // The edges that are allowed still answer.
        var edge = IdentifyAPITests.scene
        (edge["heading"], edge["accuracy"], edge["pitch"]) = (0, 180, -90)
        let answer = try await server.send("POST", "/v1/identify", json: edge)
        #expect(answer.status == 200, "\(answer.text)")
    }

    @Test(
        "multipart: accuracy 1e308, heading 400 or −1e308 beside a real photo are 400 invalid_field naming the part",
        .enabled(
            if: SharedData.has("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func multipartOutOfRange() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let photo = try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"))
        for (field, value) in [("accuracy", "1e308"), ("heading", "400"), ("heading", "-1e308"), ("accuracy", "1e9")] {
            let (body, type) = Self.multipart(photo: photo, tap: "1632,1224", extra: [field: value])
            let answer = try await server.send("POST", "/v1/identify", raw: body, contentType: type)
            #expect(answer.status == 400, "\(field) \(value): \(answer.text)")
            #expect(answer.json["code"] as? String == "invalid_field")
            #expect((answer.json["message"] as? String ?? "").hasPrefix("\(field): "), "\(answer.text)")
        }
        let (body, type) = Self.multipart(photo: photo, tap: "1632,1224", extra: ["accuracy": "180"])
        let widest = try await server.send("POST", "/v1/identify", raw: body, contentType: type)
        #expect(widest.status == 200, "\(widest.text)")
    }

    @Test("a request still working at its deadline is cancelled and answers 503; one that finishes in time is untouched")
    func deadline() async throws {
        // Work that only ends when cancelled: without the deadline this never returns.
        await #expect(throws: APIError.self) {
            _ = try await OutermostMiddleware.withDeadline(0.05) {
                while !Task.isCancelled { await Task.yield() }
                return Response(status: .ok)
            }
        }
        do {
            _ = try await OutermostMiddleware.withDeadline(0.05) {
                while !Task.isCancelled { await Task.yield() }
                return Response(status: .ok)
            }
        } catch let error as APIError {
            #expect(error.status == .serviceUnavailable)
            #expect(error.code == .deadlineExceeded)
        }
        let quick = try await OutermostMiddleware.withDeadline(3_600) { Response(status: .accepted) }
        #expect(quick.status == .accepted)
        // An identification cancelled mid-cast is the same 503.
        #expect(IdentifyRoutes.apiError(.init(.cancelled)).status == .serviceUnavailable)
    }
}

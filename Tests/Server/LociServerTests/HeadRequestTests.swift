import Foundation
import LociServer
import Testing

/// `HEAD` on a `GET` route answers as `GET` without a body, not 404 (finding 9 of issue 32).
@Suite("HEAD answers like GET")
struct HeadRequestTests {
    @Test("HEAD /health and a place are 200 with GET's content type and no body; an unknown path stays 404")
    func head() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let place = "/v1/places/\(TestServer.museum.id.replacingOccurrences(of: "/", with: "%2F"))"
        for path in ["/health", place] {
            let get = try await server.send("GET", path)
            let head = try await server.send("HEAD", path)
            #expect(head.status == get.status, "\(path)")
            #expect(head.status == 200, "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(head.body.isEmpty)
        }
        #expect(try await server.send("HEAD", "/no/such/path").status == 404)
        #expect(try await server.send("HEAD", "/v1/favourites").status == 401)
    }
}

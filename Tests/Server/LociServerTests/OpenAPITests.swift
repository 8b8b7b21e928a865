import Foundation
import LociTestSupport
import LociServer
import Testing
import Yams

/// `/openapi.yaml` stays true: it is openapi.yaml, every route is documented with its method and
/// every documented route exists. (The generated decoders and encoders hold the JSON routes to
/// their schemas; `WireCaptureTests` holds every answer to its recorded shape.)
@Suite("OpenAPI document")
struct OpenAPITests {
    /// openapi.yaml at the package root, the document written by hand.
    static var file: URL {
        Repository.file("openapi.yaml")
    }

    static func document(_ server: TestServer) async throws -> [String: Any] {
        let answer = try await server.send("GET", "/openapi.yaml")
        #expect(answer.status == 200)
        let text = try #require(String(data: answer.body, encoding: .utf8))
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test("/openapi.yaml serves openapi.yaml byte for byte (else run scripts/gen-openapi)")
    func servedIsTheFile() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let answer = try await server.send("GET", "/openapi.yaml")
        #expect(answer.status == 200)
        #expect(answer.body == (try Data(contentsOf: Self.file)))
    }

    @Test("the documented routes are exactly the router's routes")
    func routes() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let document = try await Self.document(server)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(
            buildRouter(server.services).routes.map { route in
                "\(route.method.rawValue) \(route.path.description.hasPrefix("/") ? "" : "/")\(route.path)"
            })
        #expect(documented == routed)
    }

    @Test("a generated route reads its body as JSON whatever its Content-Type says, as the hand-written routes did")
    func anyContentType() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        for type in ["text/plain", "application/x-www-form-urlencoded"] {
            let answer = try await server.send(
                "POST", "/v1/auth/refresh", raw: Data(#"{"refresh_token": "never"}"#.utf8), contentType: type)
            #expect(answer.status == 401, "\(type)")
            #expect(answer.json["code"] as? String == "unauthorized", "\(type)")
        }
    }
}

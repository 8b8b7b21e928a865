import Foundation
import LociTestSupport
import LociServer
import Testing
import Yams

/// `/openapi.yaml` stays true: every route is documented with its method and every
/// documented route exists; answers have exactly the documented members.
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

    /// Checks `value` against a schema: type, required members, no undocumented members.
    static func check(_ value: Any, _ schema: [String: Any], _ schemas: [String: Any], at path: String) {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.split(separator: "/").last!)
            check(value, schemas[name] as! [String: Any], schemas, at: path)
            return
        }
        if value is NSNull {
            #expect(schema["nullable"] as? Bool == true, "\(path) is null but not nullable")
            return
        }
        if let allOf = schema["allOf"] as? [[String: Any]] {
            for part in allOf { check(value, part, schemas, at: path) }
            return
        }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else {
                Issue.record("\(path) is not an object")
                return
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] {
                #expect(object[name] != nil, "\(path).\(name) is required but missing")
            }
            if schema["additionalProperties"] as? Bool == false {
                for name in object.keys {
                    #expect(properties[name] != nil, "\(path).\(name) is not documented")
                }
            }
            for (name, member) in object {
                if let memberSchema = properties[name] as? [String: Any] {
                    check(member, memberSchema, schemas, at: "\(path).\(name)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    check(member, additional, schemas, at: "\(path).\(name)")
                }
            }
        case "array":
            guard let items = value as? [Any] else {
                Issue.record("\(path) is not an array")
                return
            }
            for (index, item) in items.enumerated() {
                check(item, schema["items"] as? [String: Any] ?? [:], schemas, at: "\(path)[\(index)]")
            }
        case "string":
            #expect(value is String, "\(path) is not a string")
            if let cases = schema["enum"] as? [String], let value = value as? String {
                #expect(cases.contains(value), "\(path) is \(value), which the document's enum does not name")
            }
        case "integer":
            #expect(
                !Self.isBoolean(value)
                    && (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } == true,
                "\(path) is not an integer")
        case "number": #expect(value is NSNumber && !Self.isBoolean(value), "\(path) is not a number")
        case "boolean": #expect(Self.isBoolean(value), "\(path) is not a boolean")
        default: break
        }
    }

    /// A response, or the shared one (`components/responses`) its `$ref` names.
    static func resolve(_ response: [String: Any]?, _ document: [String: Any]) -> [String: Any]? {
        guard let reference = response?["$ref"] as? String else { return response }
        let shared = (document["components"] as? [String: Any])?["responses"] as? [String: Any]
        return shared?[String(reference.split(separator: "/").last ?? "")] as? [String: Any]
    }

    /// `true`/`false` from JSONSerialization (Foundation also bridges 0 and 1 to `Bool`).
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return value is Bool }
        return String(cString: number.objCType) == "c"
    }

    @Test("answers of every JSON route match their documented response schema")
    func shapes() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let document = try await Self.document(server)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let token = try await server.register()
        _ = try await HeatAPITests.publish(server)
        let favourite = try await server.send(
            "POST", "/v1/favourites", json: ["place_id": TestServer.cafe.id, "rating": 3], token: token)
        let favouriteID = try #require(favourite.json["id"] as? String)
        let session = try await server.registration()
        let credentials = ["device_id": try session.string("device_id"), "device_secret": try session.string("device_secret")]
        // (method, documented path, request path, body) for every JSON answer.
        let calls: [(String, String, String, [String: Any]?)] = [
            ("GET", "/health", "/health", nil),
            ("GET", "/v1/privacy", "/v1/privacy", nil),
            ("GET", "/v1/tidepool/epoch", "/v1/tidepool/epoch", nil),
            ("POST", "/v1/tiles/heat", "/v1/tiles/heat", HeatAPITests.viewport),
            ("GET", "/v1/places/search", "/v1/places/search?q=cafe&lat=60.17&lon=24.94", nil),
            ("GET", "/v1/places/suggestions", "/v1/places/suggestions?lat=60.17&lon=24.94", nil),
            ("GET", "/v1/places/{id}", "/v1/places/osm:node%2F1", nil),
            ("PUT", "/v1/profile", "/v1/profile", ["tags": ["jazz"], "vector": [1, 0]]),
            ("GET", "/v1/profile", "/v1/profile", nil),
            ("GET", "/v1/favourites", "/v1/favourites", nil),
            (
                "PUT", "/v1/favourites/{id}/rating", "/v1/favourites/\(favouriteID)/rating",
                ["rating": NSNull()]
            ),
            ("GET", "/v1/me/export", "/v1/me/export", nil),
            ("POST", "/v1/identify", "/v1/identify", IdentifyAPITests.scene),
            ("POST", "/v1/auth/challenge", "/v1/auth/challenge", nil),
            ("POST", "/v1/auth/anonymous", "/v1/auth/anonymous", ["attestation": "x"]),
            ("POST", "/v1/auth/refresh", "/v1/auth/refresh", ["refresh_token": try session.string("refresh_token")]),
            ("POST", "/v1/auth/refresh", "/v1/auth/refresh", ["refresh_token": "never-issued"]),
            ("POST", "/v1/auth/login", "/v1/auth/login", credentials),
            ("GET", "/v1/nothing-here", "/v1/nothing-here", nil),
        ]
        for (method, documented, requestPath, body) in calls {
            let answer = try await server.send(method, requestPath, json: body, token: token)
            let operation = paths[documented]?[method.lowercased()]
            let responses = operation?["responses"] as? [String: Any] ?? [:]
            let response = Self.resolve(responses[String(answer.status)] as? [String: Any], document)
            let schema: [String: Any]?
            if documented == "/v1/nothing-here" {
                schema = schemas["Error"] as? [String: Any]  // every error answer is an Error
            } else {
                #expect(
                    response != nil,
                    "\(method) \(documented) answered \(answer.status), which is not documented")
                schema =
                    ((response?["content"] as? [String: Any])?["application/json"] as? [String: Any])?[
                        "schema"]
                    as? [String: Any]
            }
            guard let schema else { continue }
            let value = try JSONSerialization.jsonObject(with: answer.body, options: [.fragmentsAllowed])
            Self.check(value, schema, schemas, at: "\(method) \(documented)")
        }
        #expect(favourite.status == 201)
    }
}

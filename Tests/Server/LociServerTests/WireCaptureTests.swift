import Foundation
import Testing

/// What every route answers to a fixed set of requests (a success, an unknown member, a wrong type,
/// a missing member, no access token, a body too large, and the route's own refusals), as one line
/// each: status, content type, and the error code and message or the body's shape (members and
/// their JSON types, not values). `Captures/wire.txt` is the answer as it was; a change of the
/// server that changes a line fails here, and the diff of the file says what changed.
/// Re-record it (and review the diff) with `LOCI_RECORD_WIRE=1 swift test --filter WireCaptureTests`.
@Suite("Wire capture: every route's answers, before and after")
struct WireCaptureTests {
    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Captures/wire.txt")
    }

    /// One request of the capture.
    struct Call {
        var name: String
        var method: String
        var path: String
        var json: Any?
        var raw: Data?
        var token: String?
    }

    @Test("every route answers the fixed requests as recorded in Captures/wire.txt")
    func capture() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let lines = try await Self.record(server)
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["LOCI_RECORD_WIRE"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: Self.file)
        }
        let recorded = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n").map(String.init)
        for difference in Self.differences(lines, recorded) { Issue.record(Comment(rawValue: difference)) }
    }

    /// Each line that differs from the record, and lines only one side has.
    static func differences(_ lines: [String], _ recorded: [String]) -> [String] {
        var found: [String] = []
        for index in 0..<max(lines.count, recorded.count) {
            let now = index < lines.count ? lines[index] : "absent"
            let then = index < recorded.count ? recorded[index] : "absent"
            if now != then { found.append("line \(index + 1) was \(then), is \(now)") }
        }
        return found
    }

    @Test("a changed, a missing and an extra line are each a difference; equal captures have none")
    func brokenCapture() {
        let recorded = ["GET / → 200", "GET /a → 400 x \"m\""]
        #expect(Self.differences(recorded, recorded).isEmpty)
        #expect(Self.differences(["GET / → 200", "GET /a → 400 y \"m\""], recorded).count == 1)
        #expect(Self.differences(["GET / → 200"], recorded) == ["line 2 was GET /a → 400 x \"m\", is absent"])
        #expect(Self.differences(recorded + ["GET /b → 200"], recorded).count == 1)
    }

    @Test("the shape of a body names members and JSON types, not values")
    func shapeOfABody() {
        let shape = Self.shape(
            ["b": [1, 2], "a": NSNull(), "c": ["d": "x", "e": true], "f": [] as [Any], "g": 1.5])
        #expect(shape == "{a:null,b:[number],c:{d:string,e:boolean},f:[],g:number}")
    }

    /// Sends the fixed requests in order and describes each answer.
    static func record(_ server: TestServer) async throws -> [String] {
        let token = try await server.register()
        let registration = try await server.send(
            "POST", "/v1/auth/anonymous", json: ["attestation": "capture", "platform": "ios"])
        let deviceID = registration.json["device_id"] as? String ?? ""
        let secret = registration.json["device_secret"] as? String ?? ""
        let refresh = registration.json["refresh_token"] as? String ?? ""
        let doomed = try await server.register()  // deleted last (the first session is refreshed below)
        let large = Data(repeating: UInt8(ascii: " "), count: server.services.configuration.maxBodyBytes + 1)
        _ = try await HeatAPITests.publish(server)
        let presence = try await TidepoolAPITests.token(server, accessToken: try await server.register())
        let report = try JSONSerialization.jsonObject(
            with: presence.redemption(for: TidepoolAPITests.cafeTile).json()) as? [String: Any] ?? [:]
        func with(_ object: [String: Any], _ key: String, _ value: Any?) -> [String: Any] {
            var copy = object
            copy[key] = value
            return copy
        }
        let epoch = TestServer.startEpoch
        let place = TestServer.cafe.id
        let viewport = HeatAPITests.viewport
        let scene = IdentifyAPITests.scene
        var calls: [Call] = [
            Call(name: "success", method: "GET", path: "/health"),
            Call(name: "success", method: "GET", path: "/v1/privacy"),
            Call(name: "success", method: "GET", path: "/v1/tidepool/epoch"),
            Call(name: "success", method: "POST", path: "/v1/auth/challenge"),
            Call(name: "success", method: "POST", path: "/v1/auth/anonymous", json: ["attestation": "x"]),
            Call(name: "unknown", method: "POST", path: "/v1/auth/anonymous", json: ["attestation": "x", "extra": 1]),
            Call(name: "wrong type", method: "POST", path: "/v1/auth/anonymous", json: ["attestation": 1]),
            Call(name: "missing", method: "POST", path: "/v1/auth/anonymous", json: ["platform": "ios"]),
            Call(name: "bad enum", method: "POST", path: "/v1/auth/anonymous", json: ["attestation": "x", "platform": "os2"]),
            Call(name: "not json", method: "POST", path: "/v1/auth/anonymous", raw: Data("{".utf8)),
            Call(name: "not an object", method: "POST", path: "/v1/auth/anonymous", json: [1]),
            Call(name: "too large", method: "POST", path: "/v1/auth/anonymous", raw: large),
            Call(name: "success", method: "POST", path: "/v1/auth/refresh", json: ["refresh_token": refresh]),
            Call(name: "reused", method: "POST", path: "/v1/auth/refresh", json: ["refresh_token": refresh]),
            Call(name: "never issued", method: "POST", path: "/v1/auth/refresh", json: ["refresh_token": "never"]),
            Call(name: "unknown", method: "POST", path: "/v1/auth/refresh", json: ["refresh_token": "r", "scope": "x"]),
            Call(name: "wrong type", method: "POST", path: "/v1/auth/refresh", json: ["refresh_token": 7]),
            Call(name: "missing", method: "POST", path: "/v1/auth/refresh", json: [String: Any]()),
            Call(name: "too large", method: "POST", path: "/v1/auth/refresh", raw: large),
            Call(name: "success", method: "POST", path: "/v1/auth/login", json: ["device_id": deviceID, "device_secret": secret]),
            Call(name: "wrong secret", method: "POST", path: "/v1/auth/login", json: ["device_id": deviceID, "device_secret": "no"]),
            Call(name: "unknown", method: "POST", path: "/v1/auth/login", json: ["device_id": "d", "device_secret": "s", "x": 1]),
            Call(name: "wrong type", method: "POST", path: "/v1/auth/login", json: ["device_id": "d", "device_secret": false]),
            Call(name: "missing", method: "POST", path: "/v1/auth/login", json: ["device_id": "d"]),
            Call(name: "success", method: "GET", path: "/v1/me/export", token: token),
            Call(name: "no token", method: "GET", path: "/v1/me/export"),
            Call(name: "bad token", method: "GET", path: "/v1/me/export", token: "nonsense"),
            Call(name: "not set", method: "GET", path: "/v1/profile", token: token),
            Call(name: "success", method: "PUT", path: "/v1/profile", json: ["tags": ["jazz"], "vector": [1] + [Double](repeating: 0, count: 383)], token: token),
            Call(name: "wrong length", method: "PUT", path: "/v1/profile", json: ["tags": ["jazz"], "vector": [1, 0]], token: token),
            Call(name: "success", method: "GET", path: "/v1/profile", token: token),
            Call(name: "no token", method: "GET", path: "/v1/profile"),
            Call(name: "unknown", method: "PUT", path: "/v1/profile", json: ["tags": ["jazz"], "colour": "red"], token: token),
            Call(name: "wrong type", method: "PUT", path: "/v1/profile", json: ["tags": "jazz"], token: token),
            Call(name: "unknown tag", method: "PUT", path: "/v1/profile", json: ["tags": ["no-such-interest-here"]], token: token),
            Call(name: "no token", method: "PUT", path: "/v1/profile", json: ["tags": ["jazz"]]),
            Call(name: "too large", method: "PUT", path: "/v1/profile", raw: large, token: token),
            Call(name: "unknown", method: "POST", path: "/v1/tidepool/tokens", json: ["epoch": epoch, "blinded_message": "AA==", "x": 1], token: token),
            Call(name: "wrong type", method: "POST", path: "/v1/tidepool/tokens", json: ["epoch": "now", "blinded_message": "AA=="], token: token),
            Call(name: "missing", method: "POST", path: "/v1/tidepool/tokens", json: ["epoch": epoch], token: token),
            Call(name: "not base64", method: "POST", path: "/v1/tidepool/tokens", json: ["epoch": epoch, "blinded_message": "%%"], token: token),
            Call(name: "no token", method: "POST", path: "/v1/tidepool/tokens", json: ["epoch": epoch, "blinded_message": "AA=="]),
            Call(name: "too large", method: "POST", path: "/v1/tidepool/tokens", raw: large, token: token),
            Call(name: "success", method: "POST", path: "/v1/tidepool/presence", json: report),
            Call(name: "replay", method: "POST", path: "/v1/tidepool/presence", json: report),
            Call(name: "unknown", method: "POST", path: "/v1/tidepool/presence", json: with(report, "lat", 60.1)),
            Call(name: "wrong type", method: "POST", path: "/v1/tidepool/presence", json: with(report, "epoch", "now")),
            Call(name: "missing", method: "POST", path: "/v1/tidepool/presence", json: with(report, "nonce", nil)),
            Call(name: "too large", method: "POST", path: "/v1/tidepool/presence", raw: large),
            Call(name: "success", method: "POST", path: "/v1/tiles/heat", json: viewport),
            Call(name: "unknown", method: "POST", path: "/v1/tiles/heat", json: with(viewport, "zoom", 3)),
            Call(name: "wrong type", method: "POST", path: "/v1/tiles/heat", json: with(viewport, "south", "60")),
            Call(name: "missing", method: "POST", path: "/v1/tiles/heat", json: with(viewport, "east", nil)),
            Call(name: "bad box", method: "POST", path: "/v1/tiles/heat", json: with(viewport, "north", -89)),
            Call(name: "too large", method: "POST", path: "/v1/tiles/heat", raw: large),
            Call(name: "success", method: "GET", path: "/v1/places/search?q=cafe&lat=60.17&lon=24.94"),
            Call(name: "success", method: "GET", path: "/v1/places/search?q=cafe&lat=60.17&lon=24.94", token: token),
            Call(name: "missing", method: "GET", path: "/v1/places/search?lat=60.17&lon=24.94"),
            Call(name: "wrong type", method: "GET", path: "/v1/places/search?q=cafe&lat=north"),
            Call(name: "out of range", method: "GET", path: "/v1/places/search?q=cafe&limit=500"),
            Call(name: "success", method: "GET", path: "/v1/places/suggestions?lat=60.17&lon=24.94"),
            Call(name: "missing", method: "GET", path: "/v1/places/suggestions?lat=60.17"),
            Call(name: "wrong type", method: "GET", path: "/v1/places/suggestions?lat=60.17&lon=east"),
            Call(name: "success", method: "GET", path: "/v1/places/osm:node%2F1"),
            Call(name: "not found", method: "GET", path: "/v1/places/osm:node%2F999999"),
            Call(name: "success", method: "POST", path: "/v1/favourites", json: ["place_id": place, "rating": 4, "note": "good"], token: token),
            Call(name: "again", method: "POST", path: "/v1/favourites", json: ["place_id": place], token: token),
            Call(name: "success", method: "GET", path: "/v1/favourites", token: token),
            Call(name: "no token", method: "GET", path: "/v1/favourites"),
            Call(name: "unknown", method: "POST", path: "/v1/favourites", json: ["place_id": place, "stars": 3], token: token),
            Call(name: "wrong type", method: "POST", path: "/v1/favourites", json: ["place_id": 1], token: token),
            Call(name: "missing", method: "POST", path: "/v1/favourites", json: ["rating": 3], token: token),
            Call(name: "out of range", method: "POST", path: "/v1/favourites", json: ["place_id": place, "rating": 9], token: token),
            Call(name: "unknown place", method: "POST", path: "/v1/favourites", json: ["place_id": "osm:node/999999"], token: token),
            Call(name: "no token", method: "POST", path: "/v1/favourites", json: ["place_id": place]),
            Call(name: "too large", method: "POST", path: "/v1/favourites", raw: large, token: token),
            Call(name: "not found", method: "PUT", path: "/v1/favourites/nothing/rating", json: ["rating": 2], token: token),
            Call(name: "unknown", method: "PUT", path: "/v1/favourites/nothing/rating", json: ["rating": 2, "x": 1], token: token),
            Call(name: "wrong type", method: "PUT", path: "/v1/favourites/nothing/rating", json: ["rating": "2"], token: token),
            Call(name: "missing", method: "PUT", path: "/v1/favourites/nothing/rating", json: [String: Any](), token: token),
            Call(name: "no token", method: "PUT", path: "/v1/favourites/nothing/rating", json: ["rating": 2]),
            Call(name: "not found", method: "DELETE", path: "/v1/favourites/nothing", token: token),
            Call(name: "no token", method: "DELETE", path: "/v1/favourites/nothing"),
            Call(name: "success", method: "GET", path: "/v1/tiles/14/9326/4740.png"),
            Call(name: "bad zoom", method: "GET", path: "/v1/tiles/3/1/1.png"),
            Call(name: "success", method: "POST", path: "/v1/identify", json: scene),
            Call(name: "unknown", method: "POST", path: "/v1/identify", json: with(scene, "zoom", 2)),
            Call(name: "wrong type", method: "POST", path: "/v1/identify", json: with(scene, "lat", "north")),
            Call(name: "missing", method: "POST", path: "/v1/identify", json: with(scene, "heading", nil)),
            Call(name: "too large", method: "POST", path: "/v1/identify", raw: large),
            Call(name: "no route", method: "GET", path: "/v1/nothing-here"),
            Call(name: "wrong method", method: "PATCH", path: "/v1/profile", token: token),
            Call(name: "no token", method: "DELETE", path: "/v1/me"),
            Call(name: "success", method: "DELETE", path: "/v1/me", token: doomed),
        ]
        var lines: [String] = []
        // The favourite made above: its rating and its deletion are answered last but one.
        for call in calls {
            lines.append(try await describe(call, server))
        }
        let favourites = try await server.send("GET", "/v1/favourites", token: token)
        let favouriteID = ((favourites.json["favourites"] as? [[String: Any]])?.first?["id"] as? String) ?? "none"
        calls = [
            Call(name: "success", method: "PUT", path: "/v1/favourites/\(favouriteID)/rating", json: ["rating": NSNull()], token: token),
            Call(name: "success", method: "DELETE", path: "/v1/favourites/\(favouriteID)", token: token),
        ]
        for call in calls {
            lines.append(try await describe(call, server).replacingOccurrences(of: favouriteID, with: "{id}"))
        }
        return lines
    }

    /// `METHOD path (name) → status type code "message"` or `… → status type shape`.
    static func describe(_ call: Call, _ server: TestServer) async throws -> String {
        let answer = try await server.send(
            call.method, call.path, json: call.json, raw: call.raw,
            contentType: call.raw == nil ? nil : "application/json", token: call.token)
        let type = answer.headers["content-type"] ?? "-"
        var line = "\(call.method) \(call.path) (\(call.name)) → \(answer.status) \(type)"
        if answer.status >= 400 {
            let code = answer.json["code"] as? String ?? "?"
            let message = answer.json["message"] as? String ?? answer.text
            line += " \(code) \"\(message)\""
        } else if type.hasPrefix("application/json"), let body = try? JSONSerialization.jsonObject(with: answer.body) {
            line += " " + shape(body)
        } else {
            line += answer.body.isEmpty ? " (empty)" : " (\(type.hasPrefix("image/") ? "bytes" : "text"))"
        }
        return line
    }

    /// A JSON value's members and types: `{a:number,b:[string],c:null}`; an array by its first item.
    static func shape(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let object as [String: Any]:
            return "{" + object.sorted { $0.key < $1.key }.map { "\($0.key):\(shape($0.value))" }.joined(separator: ",") + "}"
        case let array as [Any]: return array.first.map { "[\(shape($0))]" } ?? "[]"
        case is String: return "string"
        case let number as NSNumber: return isBoolean(number) ? "boolean" : "number"
        default: return "?"
        }
    }

    /// `true`/`false` from JSONSerialization (Foundation also bridges 0 and 1 to `Bool`).
    static func isBoolean(_ value: NSNumber) -> Bool {
        String(cString: value.objCType) == "c"
    }
}

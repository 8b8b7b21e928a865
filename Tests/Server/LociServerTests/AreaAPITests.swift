import AreaKit
import Foundation
import LociServer
import LociTestSupport
import Testing
import TidepoolTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /v1/areas` and `GET /v1/areas/{area}/{kind}` over a real loopback server: the list, whole
/// and resumed downloads, the validators, and paths that try to leave the areas folder.
@Suite struct AreaAPITests {
    /// An areas folder with `helsinki` (a 700 KB pack, three write chunks) and `monaco`, and a
    /// secret file beside the folder that no request may reach.
    struct Fixture {
        let root: URL
        let areas: URL
        let pack: Data
        let helsinki: AreaManifest
        let monaco: AreaManifest

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("areas-api-\(UUID().uuidString)")
            areas = root.appendingPathComponent("areas")
            var generator = SeededGenerator(seed: 34)
            pack = Data((0..<700_001).map { _ in UInt8.random(in: 0...255, using: &generator) })
            helsinki = try Self.write(
                "helsinki", in: areas, bounds: AreaBounds(south: 60.15, west: 24.90, north: 60.19, east: 24.98),
                files: [.identifyPack: pack, .places: Data("places of helsinki".utf8)])
            monaco = try Self.write(
                "monaco", in: areas, bounds: AreaBounds(south: 43.72, west: 7.40, north: 43.75, east: 7.44),
                files: [.places: Data("places of monaco".utf8)])
            try Data("secret".utf8).write(to: root.appendingPathComponent("places.sqlite"))
        }

        static func write(_ name: String, in areas: URL, bounds: AreaBounds, files: [AreaKind: Data]) throws -> AreaManifest {
            let folder = areas.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let built = Date(timeIntervalSince1970: 1_800_000_000)
            var entries: [AreaFile] = []
            for kind in AreaKind.allCases {
                guard let data = files[kind] else { continue }
                try data.write(to: folder.appendingPathComponent(kind.fileName))
                entries.append(
                    AreaFile(kind: kind, file: kind.fileName, bytes: Int64(data.count), sha256: FileDigest.sha256(data),
                        formatVersion: kind == .places ? 5 : 1, builtAt: built))
            }
            let manifest = AreaManifest(name: name, bounds: bounds, builtAt: built, files: entries)
            try manifest.json().write(to: folder.appendingPathComponent(AreaManifest.fileName))
            return manifest
        }

        func server() async throws -> TestServer {
            let path = areas.path
            return try await TestServer.start(over: .loopback) { $0.areasPath = path }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// One request with `headers` over URLSession.
    static func get(_ server: TestServer, _ path: String, method: String = "GET", headers: [String: String] = [:]) async throws
        -> Answer
    {
        var request = URLRequest(url: try #require(URL(string: try server.baseURL.absoluteString + path)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields[String(describing: key).lowercased()] = String(describing: value) }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    @Test("the list gives each area's bounds and files, nearest first with near; a bad near is 400")
    func list() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }

        let all = try await Self.get(server, "/v1/areas")
        #expect(all.status == 200)
        #expect(all.headers["content-type"]?.hasPrefix("application/json") == true)
        let listing = try AreaListing.decode(all.body)
        #expect(listing.areas == [AreaOffer(fixture.helsinki), AreaOffer(fixture.monaco)])
        let json = try #require(try JSONSerialization.jsonObject(with: all.body) as? [String: Any])
        let first = try #require((json["areas"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["name", "bounds", "built_at", "files"])
        #expect(first["built_at"] as? String == "2027-01-15T08:00:00Z")
        let file = try #require((first["files"] as? [[String: Any]])?.first)
        #expect(Set(file.keys) == ["kind", "file", "bytes", "sha256", "format_version", "built_at"])
        #expect(file["kind"] as? String == "identify_pack" && file["bytes"] as? Int == 700_001)

        let nearMonaco = try AreaListing.decode(try await Self.get(server, "/v1/areas?near=43.7384,7.4246").body)
        #expect(nearMonaco.areas.map(\.name) == ["monaco", "helsinki"])
        #expect(nearMonaco.areas.first?.distanceM == 0)
        let helsinkiDistance = try #require(nearMonaco.areas.last?.distanceM)
        #expect(helsinkiDistance > 2_100_000 && helsinkiDistance < 2_300_000)
        let nearHelsinki = try AreaListing.decode(try await Self.get(server, "/v1/areas?near=60.17,24.94").body)
        #expect(nearHelsinki.areas.map(\.name) == ["helsinki", "monaco"])

        for bad in ["bogus", "91,0", "60.1", "60,24,1"] {
            let refused = try await Self.get(server, "/v1/areas?near=\(bad)")
            #expect(refused.status == 400, "\(bad)")
            let body = try JSONSerialization.jsonObject(with: refused.body) as? [String: Any]
            #expect(body?["code"] as? String == "invalid_parameter", "\(bad)")
        }
    }

    @Test("a server without --areas lists none and serves none")
    func none() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let answer = try await Self.get(server, "/v1/areas")
        #expect(answer.status == 200)
        #expect(try AreaListing.decode(answer.body).areas.isEmpty)
        #expect(try await Self.get(server, "/v1/areas/helsinki/places").status == 404)
    }

    @Test("a whole download is the file, with its SHA-256 as ETag, its length and Accept-Ranges; HEAD has the headers alone")
    func whole() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }
        let etag = "\"\(fixture.helsinki.file(.identifyPack)?.sha256 ?? "")\""

        let answer = try await Self.get(server, "/v1/areas/helsinki/identify_pack")
        #expect(answer.status == 200)
        #expect(answer.body == fixture.pack)
        #expect(answer.headers["etag"] == etag)
        #expect(answer.headers["content-length"] == "700001")
        #expect(answer.headers["accept-ranges"] == "bytes")
        #expect(answer.headers["content-type"] == "application/octet-stream")
        #expect(FileDigest.sha256(answer.body) == fixture.helsinki.file(.identifyPack)?.sha256)

        let head = try await Self.get(server, "/v1/areas/helsinki/identify_pack", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == "700001" && head.headers["etag"] == etag)

        let places = try await Self.get(server, "/v1/areas/monaco/places")
        #expect(places.status == 200 && places.body == Data("places of monaco".utf8))
    }

    @Test("Range resumes from an offset (206 with Content-Range); If-Range of another build gets the whole file")
    func ranges() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }
        let path = "/v1/areas/helsinki/identify_pack"
        let etag = "\"\(fixture.helsinki.file(.identifyPack)?.sha256 ?? "")\""

        let resumed = try await Self.get(server, path, headers: ["Range": "bytes=300000-", "If-Range": etag])
        #expect(resumed.status == 206)
        #expect(resumed.body == fixture.pack.subdata(in: 300_000..<700_001))
        #expect(resumed.headers["content-range"] == "bytes 300000-700000/700001")
        #expect(resumed.headers["content-length"] == "400001")
        #expect(resumed.headers["etag"] == etag)

        let middle = try await Self.get(server, path, headers: ["Range": "bytes=10-19"])
        #expect(middle.status == 206 && middle.body == fixture.pack.subdata(in: 10..<20))
        #expect(middle.headers["content-range"] == "bytes 10-19/700001")
        let pastEnd = try await Self.get(server, path, headers: ["Range": "bytes=700000-900000"])
        #expect(pastEnd.status == 206 && pastEnd.body == fixture.pack.suffix(1))
        let suffix = try await Self.get(server, path, headers: ["Range": "bytes=-5"])
        #expect(suffix.status == 206 && suffix.body == fixture.pack.suffix(5))
        #expect(suffix.headers["content-range"] == "bytes 699996-700000/700001")

        let otherBuild = try await Self.get(server, path, headers: ["Range": "bytes=300000-", "If-Range": "\"0000\""])
        #expect(otherBuild.status == 200 && otherBuild.body == fixture.pack)
        let several = try await Self.get(server, path, headers: ["Range": "bytes=0-1,5-6"])
        #expect(several.status == 200 && several.body == fixture.pack)
    }

    @Test("a range past the end is 416 with bytes */SIZE; If-None-Match of the ETag is 304")
    func validators() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }
        let path = "/v1/areas/helsinki/identify_pack"
        let etag = "\"\(fixture.helsinki.file(.identifyPack)?.sha256 ?? "")\""

        for range in ["bytes=700001-", "bytes=900000-900010", "bytes=-0"] {
            let refused = try await Self.get(server, path, headers: ["Range": range])
            #expect(refused.status == 416, "\(range)")
            #expect(refused.headers["content-range"] == "bytes */700001", "\(range)")
            let body = try JSONSerialization.jsonObject(with: refused.body) as? [String: Any]
            #expect(body?["code"] as? String == "invalid_parameter", "\(range)")
        }
        let unchanged = try await Self.get(server, path, headers: ["If-None-Match": etag])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        #expect(unchanged.headers["etag"] == etag)
        let changed = try await Self.get(server, path, headers: ["If-None-Match": "\"other\""])
        #expect(changed.status == 200 && changed.body == fixture.pack)
    }

    @Test("an unknown area or kind is 404 with the error body")
    func unknown() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }
        for path in ["/v1/areas/nowhere/places", "/v1/areas/helsinki/tiles", "/v1/areas/monaco/identify_pack", "/v1/areas/Helsinki/places"] {
            let answer = try await Self.get(server, path)
            #expect(answer.status == 404, "\(path)")
            let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            #expect(body?["code"] as? String == "not_found", "\(path)")
            #expect((body?["message"] as? String)?.isEmpty == false, "\(path)")
        }
    }

    @Test("paths with .., encoded slashes or encoded dots never reach a file outside an area")
    func traversal() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try await fixture.server()
        defer { server.stop() }
        let attempts = [
            "/v1/areas/../places", "/v1/areas/..%2F/places", "/v1/areas/%2e%2e/places", "/v1/areas/..%2fhelsinki/places",
            "/v1/areas/helsinki%2F..%2F..%2F/places", "/v1/areas/helsinki/..%2F..%2Fplaces", "/v1/areas/.helsinki/places",
            "/v1/areas/helsinki/%2e%2e%2f%2e%2e%2fplaces", "/v1/areas/helsinki/places%00", "/v1/areas/%2E%2E/places",
        ]
        for path in attempts {
            let request = Data("GET \(path) HTTP/1.1\r\nHost: loci\r\nConnection: close\r\n\r\n".utf8)
            let answer = try #require(try await RawHTTP.exchange(server, request, answers: 1).first)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!answer.body.contains("secret") && !answer.body.contains("places of"), "\(path)")
        }
    }

    @Test("--areas names a folder: a missing one or a file is refused at start, naming it")
    func setting() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var configuration = try LoopbackServer.configuration(prefix: "areas-setting", epochSeconds: 900)
        configuration.areasPath = fixture.areas.path
        #expect(throws: Never.self) { try configuration.validate() }
        for (path, words) in [
            (fixture.root.appendingPathComponent("missing").path, "no such folder"),
            (fixture.root.appendingPathComponent("places.sqlite").path, "is a file"),
        ] {
            configuration.areasPath = path
            #expect {
                try configuration.validate()
            } throws: { error in
                "\(error)".contains("--areas \(path)") && "\(error)".contains(words)
            }
        }
    }
}

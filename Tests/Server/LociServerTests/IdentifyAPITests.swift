import Foundation
import GeoKit
import IdentifyKit
import LociServer
import LociTestSupport
import PlaceImport
import PlaceKit
import PlaceStore
import Testing

/// The West Village extract imported once per test process into a place store the servers copy.
enum WestVillageStore {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let available = SharedData.has(extract)

    static let path: String? = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("server-identify-wv-\(ProcessInfo.processInfo.processIdentifier).sqlite")
            .path
        guard (try? OSMPlaceImporter().import(from: SharedData.url(extract), into: path)) != nil else {
            return nil
        }
        return path
    }()

    /// A test server whose place store is the West Village.
    static func server() async throws -> TestServer {
        let source = try #require(path, "the West Village import failed")
        return try await TestServer.start(writePlaces: {
            try FileManager.default.copyItem(atPath: source, toPath: $0)
        })
    }
}

/// The engine's buildings straight from a place store (the route's own source is internal).
struct StoreBuildings: BuildingSource, Sendable {
    let store: SQLitePlaceStore
    func buildings(in box: BoundingBox) throws -> [Building] { try store.buildings(in: box, limit: 200_000) }
}

/// `POST /v1/identify` over real HTTP.
@Suite("Identify API", .serialized)
struct IdentifyAPITests {
    /// The scene of `loci identify`'s CLI test: a camera on a West Village street looking 30°
    /// east of north, pitched 10° up, tapping 512 px above the image centre.
    static var scene: [String: Any] {
        [
            "lat": 40.7336, "lon": -74.0027, "heading": 30, "accuracy": 5, "pitch": 10, "fov": 67,
            "width": 4032,
            "height": 3024, "tap_x": 2016, "tap_y": 1000,
        ]
    }

    @Test(
        "JSON capture metadata: the same candidates as the engine, the tap direction by hand",
        .enabled(
            if: WestVillageStore.available,
            Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func jsonMatchesTheEngine() async throws {
        let server = try await WestVillageStore.server()
        defer { server.stop() }
        let answer = try await server.send("POST", "/v1/identify", json: Self.scene)
        #expect(answer.status == 200, "\(answer.text)")
        // 10° + atan(512 / (2016 / tan 33.5°)) = 19.5° up, azimuth 30°.
        #expect(abs((answer.json["tap_azimuth"] as? Double ?? 0) - 30) < 1e-6)
        #expect(abs((answer.json["tap_elevation"] as? Double ?? 0) - 19.5) < 0.05)
        let candidates = try #require(answer.json["candidates"] as? [[String: Any]])
        let store = try SQLitePlaceStore(path: try #require(WestVillageStore.path))
        let capture = try CaptureMetadata(
            time: nil, coordinate: Coordinate(latitude: 40.7336, longitude: -74.0027), ellipsoidalHeight: nil,
            attitude: CameraAttitude(heading: 30, pitch: 10), headingAccuracy: 5,
            intrinsics: CameraIntrinsics(horizontalFieldOfView: 67, width: 4032, height: 3024))
        let expected = try Identifier(buildings: StoreBuildings(store: store)).identify(
            capture, tapX: 2016, y: 1000)
        #expect(!expected.isEmpty)
        #expect(candidates.count == expected.count)
        for (got, want) in zip(candidates, expected) {
            #expect(got["id"] as? String == want.id)
            #expect(got["kind"] as? String == want.kind.rawValue)
            #expect(abs((got["confidence"] as? Double ?? -1) - want.confidence) < 1e-9)
            #expect(abs((got["distance"] as? Double ?? -1) - want.distance) < 1e-6)
            #expect(abs((got["azimuth"] as? Double ?? -1) - want.azimuth) < 1e-6)
            #expect(abs((got["elevation"] as? Double ?? -1) - want.elevation) < 1e-6)
            #expect(got["reason"] as? String == want.reason)
        }
    }

    @Test("strict JSON: an unknown member, a missing field and a tap outside the image are 400s")
    func strictJSON() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var extra = Self.scene
        extra["photo_url"] = "http://example.invalid/x.jpg"
        let unknown = try await server.send("POST", "/v1/identify", json: extra)
        #expect(unknown.status == 400)
        #expect(unknown.json["code"] as? String == "unknown_field")
        var missing = Self.scene
        missing["fov"] = nil
        let noOptics = try await server.send("POST", "/v1/identify", json: missing)
        #expect(noOptics.status == 400)
        #expect((noOptics.json["message"] as? String ?? "").contains("fov or focal_length_35mm"))
        var outside = Self.scene
        outside["tap_x"] = 5000
        let off = try await server.send("POST", "/v1/identify", json: outside)
        #expect(off.status == 400)
        #expect((off.json["message"] as? String ?? "").contains("outside the 4032×3024 image"))
    }

    /// A multipart body with a photo and a tap.
    static func multipart(photo: Data, tap: String, boundary: String = "loci-test-boundary") -> (Data, String)
    {
        var body = Data()
        body.append(
            Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"tap\"\r\n\r\n\(tap)\r\n".utf8))
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8))
        body.append(photo)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test(
        "a real phone photo: its EXIF position, direction and size (as exiftool reads them) become the capture",
        .enabled(
            if: SharedData.has("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func photoUpload() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let photo = try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/hdr/iphone_hdr_NO.jpg"))
        let (body, type) = Self.multipart(photo: photo, tap: "1632,1224")
        let answer = try await server.send("POST", "/v1/identify", raw: body, contentType: type)
        #expect(answer.status == 200, "\(answer.text)")
        // exiftool: GPSLatitude 40.4469722222222, GPSLongitude -3.72475277777778,
        // GPSImgDirection 212.8720682, 3264 × 2448, orientation 1.
        let capture = try #require(answer.json["capture"] as? [String: Any])
        #expect(abs((capture["lat"] as? Double ?? 0) - 40.4469722222222) < 1e-9)
        #expect(abs((capture["lon"] as? Double ?? 0) - -3.72475277777778) < 1e-9)
        #expect(abs((capture["heading"] as? Double ?? 0) - 212.8720682) < 1e-6)
        #expect(capture["width"] as? Int == 3264)
        #expect(capture["height"] as? Int == 2448)
        // The tap is the image centre: the camera's own direction, level (pitch 0).
        #expect(abs((answer.json["tap_azimuth"] as? Double ?? 0) - 212.8720682) < 1e-6)
        #expect(abs(answer.json["tap_elevation"] as? Double ?? 1) < 1e-6)
        #expect(answer.json["candidates"] as? [Any] != nil)
    }

    @Test(
        "a phone photo without FocalLengthIn35mmFilm is a 422 that names only that",
        .enabled(
            if: SharedData.has("photos/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func photoWithoutFocalLength() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        // exiftool lists GPS and GPSImgDirection 56 for it; its EXIF IFD has no tag 0xA405.
        let photo = try Data(
            contentsOf: SharedData.url("photos/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg"))
        let (body, type) = Self.multipart(photo: photo, tap: "100,100")
        let answer = try await server.send("POST", "/v1/identify", raw: body, contentType: type)
        #expect(answer.status == 422)
        let message = answer.json["message"] as? String ?? ""
        #expect(message.contains("35 mm focal length"), "\(message)")
        #expect(!message.contains("GPS position"))
        #expect(!message.contains("camera direction"))
    }

    @Test(
        "a photo without GPS is a 422 naming the missing fields; nothing else is accepted",
        .enabled(
            if: SharedData.has("photos/exif-samples/heic/samplefilehub.heif"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func photoWithoutGPS() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let photo = try Data(contentsOf: SharedData.url("photos/exif-samples/heic/samplefilehub.heif"))
        let (body, type) = Self.multipart(photo: photo, tap: "10,10")
        let answer = try await server.send("POST", "/v1/identify", raw: body, contentType: type)
        #expect(answer.status == 422)
        #expect(answer.json["code"] as? String == "photo_metadata")
        #expect((answer.json["message"] as? String ?? "").contains("missing GPS position"))
        #expect((answer.json["message"] as? String ?? "").contains("camera direction"))
    }

    @Test("multipart: unknown parts, a missing tap and bodies over the limit are refused")
    func multipartLimits() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let boundary = "b0undary"
        let unknownBody = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"lat\"\r\n\r\n60\r\n--\(boundary)--\r\n"
                .utf8)
        let unknown = try await server.send(
            "POST", "/v1/identify", raw: unknownBody, contentType: "multipart/form-data; boundary=\(boundary)"
        )
        #expect(unknown.status == 400)
        #expect(unknown.json["code"] as? String == "unknown_field")
        let noTapBody = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nxyz\r\n--\(boundary)--\r\n"
                .utf8)
        let noTap = try await server.send(
            "POST", "/v1/identify", raw: noTapBody, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(noTap.status == 400)
        #expect((noTap.json["message"] as? String ?? "").contains("tap"))
        let notAPhoto = Self.multipart(photo: Data("not an image".utf8), tap: "1,1")
        let unreadable = try await server.send(
            "POST", "/v1/identify", raw: notAPhoto.0, contentType: notAPhoto.1)
        #expect(unreadable.status == 422)
        let huge = Self.multipart(photo: Data(count: 25 * 1_024 * 1_024), tap: "1,1")
        let tooLarge = try await server.send("POST", "/v1/identify", raw: huge.0, contentType: huge.1)
        #expect(tooLarge.status == 413)
        let noBoundary = try await server.send(
            "POST", "/v1/identify", raw: noTapBody, contentType: "multipart/form-data")
        #expect(noBoundary.status == 400)
    }
}

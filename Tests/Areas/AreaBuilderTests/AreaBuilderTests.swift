import AreaBuilder
import AreaKit
import Foundation
import IdentifyPack
import LociTestSupport
import PlaceStore
import Testing

/// `AreaBuilder` on a real extract: both files, the manifest that describes them, and atomic replacement.
@Suite struct AreaBuilderTests {
    static let extract = "osm/nyc-west-village.osm.pbf"

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("area-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in `folder`, hidden ones included.
    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test(
        "an area holds a pack and a place store that open with their own checks, described by area.json",
        .enabled(if: SharedData.has(extract), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func buildsBoth() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let manifest = try AreaBuilder(name: "west-village").build(extract: SharedData.url(Self.extract), into: out, now: now)

        #expect(try Self.entries(out) == ["west-village"])
        let area = out.appendingPathComponent("west-village")
        #expect(try Self.entries(area) == ["area.json", "area.pack", "places.sqlite"])
        let onDisk = try AreaManifest.decode(Data(contentsOf: area.appendingPathComponent("area.json")))
        #expect(onDisk == manifest)
        #expect(manifest.name == "west-village" && manifest.builtAt == now)
        #expect(manifest.files.map(\.kind) == [.identifyPack, .places])
        for file in manifest.files {
            let path = area.appendingPathComponent(file.file).path
            let digest = try FileDigest.sha256(path: path)
            #expect(digest.hex == file.sha256, "\(file.kind)")
            #expect(digest.bytes == file.bytes && file.bytes > 0, "\(file.kind)")
        }
        let pack = try OfflinePack(path: area.appendingPathComponent("area.pack").path)
        #expect(pack.manifest.name == "west-village")
        #expect(manifest.file(.identifyPack)?.formatVersion == PackFormat.version)
        #expect(manifest.file(.places)?.formatVersion == 5)
        #expect(manifest.bounds.south == pack.manifest.area.south && manifest.bounds.east == pack.manifest.area.east)
        // Inside the bounds: the West Village (40.7336, -74.0027).
        #expect(manifest.bounds.distanceMetres(latitude: 40.7336, longitude: -74.0027) == 0)
        #expect(manifest.bounds.distanceMetres(latitude: 60.17, longitude: 24.94) > 6_000_000)
        _ = try SQLitePlaceStore(path: area.appendingPathComponent("places.sqlite").path)
        #expect(AreaDirectory(root: out).areas() == [manifest])
    }

    @Test(
        "a failed rebuild leaves the previous area byte for byte and no hidden folder; a good one replaces it",
        .enabled(if: SharedData.has(extract), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func atomicReplace() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let first = try AreaBuilder(name: "wv").build(
            extract: SharedData.url(Self.extract), into: out, now: Date(timeIntervalSince1970: 1_800_000_000))
        let area = out.appendingPathComponent("wv")
        let before = try Self.entries(area).map { try Data(contentsOf: area.appendingPathComponent($0)) }

        // A landmark list that is not one fails the pack after the store was imported.
        let badList = out.appendingPathComponent("bad.csv")
        try Data("not,a\nlandmark list\n".utf8).write(to: badList)
        #expect(throws: AreaBuildError.self) {
            _ = try AreaBuilder(name: "wv", landmarksFile: badList).build(
                extract: SharedData.url(Self.extract), into: out, now: Date(timeIntervalSince1970: 1_900_000_000))
        }
        // An extract that is not one fails the import.
        #expect(throws: AreaBuildError.self) {
            _ = try AreaBuilder(name: "wv").build(extract: badList, into: out, now: Date(timeIntervalSince1970: 1_900_000_000))
        }
        #expect(try Self.entries(out) == ["bad.csv", "wv"])
        #expect(try Self.entries(area).map { try Data(contentsOf: area.appendingPathComponent($0)) } == before)

        let second = try AreaBuilder(name: "wv").build(
            extract: SharedData.url(Self.extract), into: out, now: Date(timeIntervalSince1970: 1_900_000_000))
        #expect(second.builtAt != first.builtAt)
        #expect(try Self.entries(out) == ["bad.csv", "wv"])
        #expect(AreaDirectory(root: out).manifest(named: "wv") == second)
    }

    @Test("a name that could leave the folder is refused before anything is written")
    func names() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        for name in ["..", "../x", "a/b", ".hidden", "Helsinki", "", String(repeating: "a", count: 65)] {
            #expect(AreaName.problem(name) != nil, "\(name)")
            #expect(throws: AreaBuildError.self, "\(name)") {
                _ = try AreaBuilder(name: name).build(extract: out, into: out, now: Date())
            }
        }
        #expect(try Self.entries(out) == [])
        for name in ["helsinki", "nyc-west-village", "a.b_c", "0"] { #expect(AreaName.isValid(name), "\(name)") }
    }

    @Test("the directory skips folders whose manifest is missing, misnamed or names a file outside its kind")
    func directorySkips() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let file = AreaFile(kind: .places, file: "places.sqlite", bytes: 1, sha256: String(repeating: "0", count: 64), formatVersion: 5, builtAt: Date(timeIntervalSince1970: 0))
        func write(_ folder: String, _ manifest: AreaManifest?) throws {
            let url = out.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            if let manifest { try manifest.json().write(to: url.appendingPathComponent("area.json")) }
        }
        let bounds = AreaBounds(south: 0, west: 0, north: 1, east: 1)
        try write("good", AreaManifest(name: "good", bounds: bounds, builtAt: Date(timeIntervalSince1970: 0), files: [file]))
        try write("none", nil)
        try write("other", AreaManifest(name: "good", bounds: bounds, builtAt: Date(timeIntervalSince1970: 0), files: [file]))
        var escaping = file
        escaping.file = "../../etc/passwd"
        try write("escape", AreaManifest(name: "escape", bounds: bounds, builtAt: Date(timeIntervalSince1970: 0), files: [escaping]))
        try write(".good.x.building", AreaManifest(name: ".good.x.building", bounds: bounds, builtAt: Date(timeIntervalSince1970: 0), files: [file]))
        let directory = AreaDirectory(root: out)
        #expect(directory.areas().map(\.name) == ["good"])
        #expect(directory.file(area: "good", kind: .places)?.path == out.appendingPathComponent("good/places.sqlite").path)
        #expect(directory.file(area: "good", kind: .identifyPack) == nil)
        #expect(directory.file(area: "..", kind: .places) == nil)
    }

    @Test("bounds across the antimeridian measure to the nearer edge")
    func antimeridian() {
        let bounds = AreaBounds(south: -10, west: 170, north: 10, east: -170)
        #expect(bounds.distanceMetres(latitude: 0, longitude: 180) == 0)
        #expect(bounds.distanceMetres(latitude: 0, longitude: -175) == 0)
        let east = bounds.distanceMetres(latitude: 0, longitude: -160)
        let west = bounds.distanceMetres(latitude: 0, longitude: 160)
        #expect(abs(east - west) < 1 && east > 1_000_000 && east < 1_200_000)
        // A box beside the antimeridian: a point just across it is near the east edge, not the west.
        let beside = AreaBounds(south: -10, west: 170, north: 10, east: 179)
        #expect(beside.distanceMetres(latitude: 0, longitude: -179) < 250_000)
    }
}

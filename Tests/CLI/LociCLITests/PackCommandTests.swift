import Foundation
import LociTestSupport
import Testing

/// `loci pack build`, `loci pack info` and `loci identify --pack` as a user runs them.
@Suite struct PackCommandTests {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let landmarks = "landmarks/wikidata-landmarks.csv"
    static let airports = "geo/airports.csv"

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pack-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `loci identify` at a West Village corner looking northeast, with the given source options.
    static func identify(_ source: [String]) throws -> LociProcess.Result {
        try LociProcess.run(
            ["identify", "--at", "40.7336,-74.0027", "--fov", "67", "--size", "4032x3024", "--tap", "2016,1400",
             "--heading", "40", "--accuracy", "5", "--pitch", "5", "--json"] + source)
    }

    @Test(
        "a pack built from the extract and from the imported store answers identify as the store does",
        .enabled(
            if: SharedData.has(extract, landmarks, airports),
            Comment(rawValue: SharedData.missingMessage("the West Village extract and the lists"))))
    func buildInfoIdentify() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("wv.sqlite").path
        let fromExtract = folder.appendingPathComponent("extract.pack").path
        let fromStore = folder.appendingPathComponent("store.pack").path
        let lists = ["--landmarks", SharedData.url(Self.landmarks).path, "--airports", SharedData.url(Self.airports).path]
        #expect(try LociProcess.run("import", SharedData.url(Self.extract).path, "--db", db).status == 0)

        let built = try LociProcess.run(["pack", "build", SharedData.url(Self.extract).path, "--out", fromExtract] + lists)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.contains("pack          nyc-west-village → \(fromExtract)"))
        #expect(built.stdout.contains("© OpenStreetMap contributors, ODbL 1.0 (nyc-west-village.osm.pbf)"))
        #expect(built.stdout.contains("Wikidata, CC0 1.0 (wikidata-landmarks.csv)"))
        let fromDB = try LociProcess.run(["pack", "build", "--db", db, "--out", fromStore, "--json"] + lists)
        #expect(fromDB.status == 0, "\(fromDB.stderr)")
        let manifest = try fromDB.json()
        #expect(manifest["format_version"] as? Int == 1)
        #expect(manifest["name"] as? String == "nyc-west-village")

        let info = try LociProcess.run("pack", "info", fromStore)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("verified      every table matches its checksum"))

        let expected = try Self.identify(["--db", db] + lists)
        #expect(expected.status == 0, "\(expected.stderr)")
        let expectedCandidates = try #require(try expected.json()["candidates"] as? [[String: Any]])
        #expect(!expectedCandidates.isEmpty)
        for pack in [fromExtract, fromStore] {
            let answer = try Self.identify(["--pack", pack])
            #expect(answer.status == 0, "\(answer.stderr)")
            let json = try answer.json()
            #expect(json["buildings_source"] as? String == pack)
            let candidates = try #require(json["candidates"] as? [[String: Any]])
            #expect(NSArray(array: candidates).isEqual(to: expectedCandidates), "\(pack)")
        }
    }

    @Test("--pack with --db, --landmarks or --airports is a usage error")
    func packExcludesOtherSources() throws {
        for extra in [["--db", "x.sqlite"], ["--landmarks", "l.csv"], ["--airports", "a.csv"]] {
            let result = try Self.identify(["--pack", "x.pack"] + extra)
            #expect(result.status == 64, "\(extra): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--pack"), "\(result.stderr)")
        }
        let both = try LociProcess.run("pack", "build", "a.osm.pbf", "--db", "b.sqlite", "--out", "c.pack")
        #expect(both.status == 64)
        #expect(both.stderr.contains("exactly one"))
    }

    @Test(
        "a truncated pack is refused by info and identify, naming the file; a failed build leaves no file",
        .enabled(if: SharedData.has(extract), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func damagedAndFailed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pack = folder.appendingPathComponent("wv.pack")
        #expect(try LociProcess.run("pack", "build", SharedData.url(Self.extract).path, "--out", pack.path).status == 0)
        let data = try Data(contentsOf: pack)
        try data.prefix(data.count - 4096).write(to: pack)
        for result in [try LociProcess.run("pack", "info", pack.path), try Self.identify(["--pack", pack.path])] {
            #expect(result.status == 1)
            #expect(result.stderr.contains("offline pack \(pack.path): truncated"), "\(result.stderr)")
        }

        let nowhere = folder.appendingPathComponent("nowhere.pack").path
        let failed = try LociProcess.run(
            "pack", "build", SharedData.url(Self.extract).path, "--out", nowhere, "--bbox", "10,10,10.01,10.01")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("nothing to pack"), "\(failed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["wv.pack"])
    }
}

/// `loci area build` as an operator runs it.
@Suite struct AreaCommandTests {
    @Test(
        "loci area build writes DIR/NAME with both files and prints the manifest; a bad name exits 64",
        .enabled(
            if: SharedData.has(PackCommandTests.extract),
            Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func build() throws {
        let folder = try PackCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let extract = SharedData.url(PackCommandTests.extract).path
        let built = try LociProcess.run("area", "build", extract, "--name", "wv", "--out", folder.path, "--json")
        #expect(built.status == 0, "\(built.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(built.stdout.utf8)) as? [String: Any])
        #expect(json["name"] as? String == "wv")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.compactMap { $0["kind"] as? String } == ["identify_pack", "places"])
        #expect(files.allSatisfy { ($0["sha256"] as? String)?.count == 64 })
        for name in ["area.json", "area.pack", "places.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("wv/\(name)").path), "\(name)")
        }
        let text = try LociProcess.run("area", "build", extract, "--name", "wv", "--out", folder.path)
        #expect(text.status == 0 && text.stdout.contains("area          wv → "))
        let refused = try LociProcess.run("area", "build", extract, "--name", "../up", "--out", folder.path)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--name '../up'"))
    }
}

import Foundation
import LociTestSupport
import Testing

@Suite("loci bench, run as a process")
struct BenchCommandTests {
    @Test("a tiny run reports every workload with a positive median and its target")
    func tinyRun() throws {
        let result = try LociProcess.run("bench", "--quick", "--no-anchors", "--points", "2000", "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let names = Set(rows.compactMap { $0["workload"] as? String })
        for expected in [
            "haversine", "geodesic-inverse", "geodesic-direct", "tile-id", "knn-10", "radius-500m",
            "radius-500m-city",
        ] {
            #expect(names.contains(expected), "missing workload \(expected)")
        }
        for row in rows {
            let median = try #require(row["median_ns"] as? Double)
            #expect(median > 0 && median.isFinite)
        }
        let knn = try #require(rows.first { $0["workload"] as? String == "knn-10" })
        #expect(knn["target_ns"] as? Double == 5_000)
    }

    @Test("refuses a non-positive point count")
    func refusesBadPoints() throws {
        let result = try LociProcess.run("bench", "--points", "0", "--no-anchors")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--points"))
    }

    static let subcommands = [
        "geo", "places", "photos", "cards", "proximity", "tidepool", "identify", "directions", "library", "interests",
    ]

    @Test("loci bench --help lists each subcommand once, and its abstract names every one")
    func helpListsEachOnce() throws {
        let result = try LociProcess.run("bench", "--help")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let help = result.stdout
        let listing = try #require(help.range(of: "SUBCOMMANDS:")).upperBound
        // A subcommand's line is indented two spaces; its wrapped abstract continues further in.
        let lines = help[listing...].split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        let listed = lines.compactMap { $0.split(separator: " ").first.map(String.init) }.filter(Self.subcommands.contains)
        #expect(listed.sorted() == Self.subcommands.sorted(), "listed: \(listed)")
        let overview = try #require(help.components(separatedBy: "USAGE:").first)
        for name in Self.subcommands {
            #expect(overview.contains(name), "the abstract does not name \(name)")
        }
    }

    @Test("every subcommand takes the shared options", arguments: subcommands)
    func sharedOptions(_ name: String) throws {
        let result = try LociProcess.run("bench", name, "--help")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for option in ["--json", "--no-anchors", "--anchors"] {
            #expect(result.stdout.contains(option), "loci bench \(name) lacks \(option)")
        }
    }

    @Test("--anchors is refused where the anchors are not a script")
    func refusesScriptWithoutOne() throws {
        let result = try LociProcess.run("bench", "identify", "--anchors", "x.py")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--anchors") && result.stderr.contains("identify"), "stderr: \(result.stderr)")
    }

    @Test(
        "cards: one card in one skin prints one JSON row with its timings and PNG size",
        .enabled(
            if: SharedData.has("photos/exif-samples/jpg/gps/DSCN0010.jpg"),
            Comment(rawValue: SharedData.missingMessage("photos/exif-samples/jpg"))))
    func cardsRow() throws {
        let result = try LociProcess.run(
            ["bench", "cards", "--card", "title", "--skin", "poster", "--rounds", "1", "--json"],
            environment: ["LOCI_SHARED_DATA": SharedData.root.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row["card"] as? String == "title" && row["skin"] as? String == "poster")
        #expect((row["png_bytes"] as? Int ?? 0) > 10_000)
        #expect((row["median_ms"] as? Double ?? 0) > 0)
        #expect(result.stderr.contains("loci bench cards: title (poster)"))
    }
}

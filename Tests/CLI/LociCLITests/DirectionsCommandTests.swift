import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci directions, run as a process",
    .enabled(
        if: SharedData.has("osm/monaco.osm.pbf"),
        Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf"))))
struct DirectionsCommandTests {
    let extract = SharedData.url("osm/monaco.osm.pbf").path
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "loci-directions-\(UUID().uuidString)")

    /// Runs `loci` with its data directory (where the road graph cache goes) in a fresh temporary folder.
    func run(_ arguments: String...) throws -> LociProcess.Result {
        let process = Process()
        process.executableURL = LociProcess.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LOCI_DATA_DIR"] = dataDirectory.path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard output is read to its end first; standard error here is one short line.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return LociProcess.Result(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("a walk across Monaco: JSON with distance, duration, line and an arrival; the graph is cached")
    func walkJSON() throws {
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        // Casino square to the Prince's Palace, about 1.6 km apart as the crow flies.
        let result = try run(
            "directions", "43.7396,7.4276", "43.7314,7.4197", "--mode", "foot", "--osm", extract, "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        let distance = try #require(json["distance"] as? Double)
        let duration = try #require(json["duration"] as? Double)
        #expect(distance > 1_100 && distance < 4_000)
        #expect(abs(duration - distance / (5 / 3.6)) < 1)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.last?["maneuver"] as? String == "arrive")
        #expect(
            FileManager.default.fileExists(
                atPath: dataDirectory.appendingPathComponent("routing/monaco.osm.pbf.roadgraph").path))
    }

    @Test(
        "place names from the place store stand in for coordinates; an unknown name or no store is one clear line"
    )
    func placeNames() throws {
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let db = dataDirectory.appendingPathComponent("monaco.sqlite").path
        let imported = try run("import", extract, "--db", db)
        #expect(imported.status == 0, "stderr: \(imported.stderr)")
        let result = try run(
            "directions", "Casino de Monte Carlo", "Musée Océanographique", "--db", db, "--osm", extract,
            "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let line = try #require(try result.json()["geometry"] as? [[String: Double]])
        // The museum's OSM building, as OpenStreetMap records it: about 43.7307, 7.4255.
        let last = try #require(line.last)
        let latitude = try #require(last["latitude"]), longitude = try #require(last["longitude"])
        #expect(abs(latitude - 43.7307) < 0.003 && abs(longitude - 7.4255) < 0.004)
        let unknown = try run(
            "directions", "Casino de Monte Carlo", "Xyzzy Plugh", "--db", db, "--osm", extract)
        #expect(unknown.status != 0 && unknown.stderr.contains("TO: no place matching 'Xyzzy Plugh'"))
        let noStore = try run(
            "directions", "Casino de Monte Carlo", "43.7314,7.4197", "--db", db + ".missing", "--osm", extract
        )
        #expect(noStore.status != 0 && noStore.stderr.contains("no place database"))
    }

    @Test("text output lists numbered steps ending with the arrival")
    func text() throws {
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let result = try run(
            "directions", "43.7396,7.4276", "43.7314,7.4197", "--mode", "car", "--osm", extract)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("by car"))
        #expect(result.stdout.contains("Arrive at your destination"))
    }

    @Test(
        "a point outside the extract, a bad coordinate, a bad mode and a missing file fail with one clear line"
    )
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let outside = try run("directions", "43.7396,7.4276", "48.8566,2.3522", "--osm", extract)
        #expect(
            outside.status != 0 && outside.stderr.contains("destination")
                && outside.stderr.contains("no road usable by foot"))
        let bad = try run("directions", "91,7.4", "43.7314,7.4197", "--osm", extract)
        #expect(bad.status != 0 && bad.stderr.contains("FROM"))
        let mode = try run(
            "directions", "43.7396,7.4276", "43.7314,7.4197", "--mode", "boat", "--osm", extract)
        #expect(mode.status != 0 && mode.stderr.contains("boat"))
        let missing = try run(
            "directions", "43.7396,7.4276", "43.7314,7.4197", "--osm", "/nonexistent/x.osm.pbf")
        #expect(missing.status != 0 && missing.stderr.contains("--osm"))
    }
}

@Suite(
    "loci bench directions, run as a process",
    .enabled(
        if: SharedData.has("osm/monaco.osm.pbf"),
        Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf"))))
struct BenchDirectionsCommandTests {
    @Test("a tiny run reports the graph, both routers and their percentiles")
    func tinyRun() throws {
        let result = try LociProcess.run(
            "bench", "directions", "--osm", SharedData.url("osm/monaco.osm.pbf").path, "--mode", "foot",
            "--pairs", "5",
            "--repeats", "1", "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        #expect((json["nodes"] as? Int ?? 0) > 1_000)
        #expect(json["pairs"] as? Int == 5)
        let local = try #require(json["local"] as? [String: Any])
        #expect((local["medianNanoseconds"] as? Double ?? 0) > 0)
        #expect(json["dijkstra"] is [String: Any] && json["osrm"] == nil)
    }

    @Test("refuses a missing extract and a zero pair count")
    func refusals() throws {
        let missing = try LociProcess.run("bench", "directions", "--osm", "/nonexistent.osm.pbf")
        #expect(missing.status != 0 && missing.stderr.contains("--osm"))
        let zero = try LociProcess.run("bench", "directions", "--pairs", "0")
        #expect(zero.status != 0 && zero.stderr.contains("--pairs"))
    }
}

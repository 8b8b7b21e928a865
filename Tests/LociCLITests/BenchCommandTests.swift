import Foundation
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
}

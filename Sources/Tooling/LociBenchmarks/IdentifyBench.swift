import Foundation

/// `loci bench identify`: ShootVeil's building identification over a synthetic city and aircraft
/// matching over a synthetic sky, each beside its in-process anchor (the exhaustive ray cast, a
/// geodesic-inverse scan).
public struct IdentifyBench: BenchWorkload {
    public static let name = "identify"

    /// Footprints in the city.
    public var footprints: Int
    /// Aircraft in the sky.
    public var aircraft: Int
    /// Building queries timed.
    public var queries: Int
    /// Building queries the exhaustive anchor runs (about a second each).
    public var anchorQueries: Int

    /// A run of these sizes.
    public init(footprints: Int, aircraft: Int, queries: Int, anchorQueries: Int) {
        self.footprints = footprints
        self.aircraft = aircraft
        self.queries = queries
        self.anchorQueries = anchorQueries
    }

    /// Runs both workloads; the anchors run in this process, so `anchors` changes nothing.
    public func run(
        anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void
    ) async throws -> [IdentifyWorkloads.Result] {
        log("city of \(footprints) footprints")
        let city = IdentifyWorkloads.city(buildings: footprints, seed: 5)
        log("buildings")
        let buildings = try IdentifyWorkloads.buildingIdentification(
            city: city, queries: queries, anchorQueries: anchorQueries)
        log("aircraft")
        return [buildings, try IdentifyWorkloads.aircraftMatching(count: aircraft, queries: 2_000)]
    }

    public func markdown(_ results: [IdentifyWorkloads.Result]) -> String {
        let f = BenchFormat.duration
        var lines = [
            "| workload | detail | median | p95 | target | anchor | anchor median | ratio | notes |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in results {
            let meets = r.statistics.medianNanoseconds <= r.targetNanoseconds ? "✅" : "❌"
            let notes = r.notes.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.0f", $0.value))" }
                .joined(separator: ", ")
            lines.append(
                "| \(r.workload) | \(r.detail) | \(f(r.statistics.medianNanoseconds)) | \(f(r.statistics.p95Nanoseconds)) | "
                    + "≤ \(f(r.targetNanoseconds)) \(meets) | \(r.anchor) | \(f(r.anchorStatistics.medianNanoseconds)) | "
                    + "\(String(format: "%.0f", r.ratio))× | \(notes) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// `loci bench geo`: the geodesy, tiling and spatial-index workloads against GeographicLib, h3,
/// nanoflann and SciPy (`scripts/bench-anchors.py`, same session).
public struct GeoBench: BenchWorkload {
    public static let name = "geo"
    /// The anchor script run unless another is given.
    public static let defaultScript = "scripts/bench-anchors.py"

    /// Sizes and seed of the run.
    public var configuration: BenchmarkConfiguration
    /// Whether this is the quick run (the anchors repeat less too).
    public var quick: Bool

    /// A run of `configuration`.
    public init(configuration: BenchmarkConfiguration, quick: Bool) {
        self.configuration = configuration
        self.quick = quick
    }

    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [BenchRow] {
        let results = try GeoWorkloads.run(configuration, log: log)
        var anchorResults: [AnchorResult] = []
        if anchors.runExternal {
            let script = anchors.script(default: Self.defaultScript)
            log("anchors (\(script))")
            anchorResults = try AnchorRunner.run(script: script, points: configuration.points, quick: quick)
        }
        return results.map { BenchRow($0, matching: anchorResults) }
    }

    public func markdown(_ rows: [BenchRow]) -> String { BenchRow.markdown(rows) }
}

/// `loci bench tidepool`: epoch close, token verification and heat reads, with RSA-PSS
/// verification in Python's `cryptography` (OpenSSL) as the token anchor.
public struct TidepoolBench: BenchWorkload {
    public static let name = "tidepool"
    /// The anchor script run unless another is given.
    public static let defaultScript = "scripts/bench-tidepool-anchor.py"

    /// Sizes of the run.
    public var sizes: TidepoolWorkloads.Sizes

    /// A run of `sizes`.
    public init(sizes: TidepoolWorkloads.Sizes) { self.sizes = sizes }

    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [BenchRow] {
        let results = try TidepoolWorkloads.run(sizes, log: log)
        var anchorResults: [AnchorResult] = []
        if anchors.runExternal {
            let script = anchors.script(default: Self.defaultScript)
            log("anchor (\(script))")
            anchorResults = try AnchorRunner.runTidepool(script: script, tokens: sizes.tokens)
        }
        return results.map { BenchRow($0, matching: anchorResults) }
    }

    public func markdown(_ rows: [BenchRow]) -> String { BenchRow.markdown(rows) }
}

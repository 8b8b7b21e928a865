/// One area of `loci bench`: it times Loci's workloads and their anchors in one session and
/// returns an output that prints as JSON (`--json`) or as a Markdown table.
///
/// The command for an area parses its flags into a workload value, calls ``run(anchors:log:)``
/// and prints; everything measured lives here, so the same runs can be driven from tests or
/// another front end.
public protocol BenchWorkload: Sendable {
    /// What a run returns; its JSON encoding is what `--json` prints (a contract: keep the keys).
    associatedtype Output: Encodable & Sendable

    /// The `loci bench` subcommand that runs this workload (`geo`, `places`, …).
    static var name: String { get }

    /// Runs the measurements, then the anchors `anchors` allows; `log` gets one line per step.
    ///
    /// - Throws: ``BenchError`` for unusable inputs, ``AnchorError`` when an anchor failed, or
    ///   the measured library's own error.
    func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> Output

    /// The human-readable result: a Markdown table and any note lines.
    func markdown(_ output: Output) -> String
}

/// Which anchors a `loci bench` run uses.
public struct BenchAnchors: Sendable, Hashable {
    /// Whether anchors outside this process (Python scripts, other tools) run. In-process
    /// anchors (a reference algorithm timed beside Loci's) always run.
    public var runExternal: Bool
    /// A path that replaces the workload's default anchor script, when it has one.
    public var script: String?

    /// Creates a choice of anchors.
    public init(runExternal: Bool = true, script: String? = nil) {
        self.runExternal = runExternal
        self.script = script
    }

    /// The anchor script to run: ``script`` when given, else `defaultPath`.
    public func script(default defaultPath: String) -> String { script ?? defaultPath }
}

/// Why a benchmark could not run on its inputs.
public enum BenchError: Error, CustomStringConvertible, Sendable, Equatable {
    /// An input (named by its flag, e.g. `--osm`) is missing or unusable; `detail` says how.
    case input(option: String, detail: String)

    public var description: String {
        switch self {
        case .input(let option, let detail): "\(option): \(detail)"
        }
    }
}

import Foundation

/// One anchor measurement reported by `scripts/bench-anchors.py`.
public struct AnchorResult: Sendable, Codable, Hashable {
    /// Workload name, matching a Loci workload (`geodesic-inverse`, `tile-id`, `knn-10`, …).
    public var workload: String
    /// What was measured, e.g. "geographiclib 2.1 Geodesic.WGS84.Inverse (Python)".
    public var tool: String
    /// Median nanoseconds per operation.
    public var medianNanoseconds: Double
    /// 95th percentile, nanoseconds per operation (per-query anchors only).
    public var p95Nanoseconds: Double?
}

/// Why the anchors could not be measured.
public enum AnchorError: Error, CustomStringConvertible, Sendable {
    /// The anchor script is not where it was looked for.
    case scriptMissing(String)
    /// The script ran but failed; carries its exit status and a pointer to its messages.
    case scriptFailed(status: Int32, stderr: String)
    /// The script's output was not the expected JSON.
    case unreadableOutput(String)

    public var description: String {
        switch self {
        case .scriptMissing(let path):
            "anchor script not found at \(path) (run from the repository root or pass --anchors)"
        case .scriptFailed(let status, let stderr): "anchor script exited with status \(status): \(stderr)"
        case .unreadableOutput(let detail): "anchor script output is not valid JSON: \(detail)"
        }
    }
}

/// Runs the Python anchor script (GeographicLib, h3, SciPy) in a child process, in the same
/// session as the Swift workloads, and reads its JSON.
public enum AnchorRunner {
    /// Runs `python3 SCRIPT --points N --seed S` and decodes `[AnchorResult]` from standard output.
    public static func run(script: String, points: Int, quick: Bool) throws(AnchorError) -> [AnchorResult] {
        try run(script: script, arguments: ["--points", String(points)] + (quick ? ["--quick"] : []))
    }

    /// Runs `python3 SCRIPT --json DATABASE QUERIES` (`scripts/bench-places-anchor.py`) on the
    /// place benchmark's database and query file and decodes `[AnchorResult]`.
    public static func runPlaces(script: String, database: String, queries: String) throws(AnchorError) -> [AnchorResult] {
        try run(script: script, arguments: ["--json", database, queries])
    }

    /// Runs `python3 SCRIPT --json FOLDER` (`scripts/bench-library-anchor.py`) on the library
    /// benchmark's exported files and decodes `[AnchorResult]`.
    public static func runLibrary(script: String, folder: String) throws(AnchorError) -> [AnchorResult] {
        try run(script: script, arguments: ["--json", folder])
    }

    static func run(script: String, arguments: [String]) throws(AnchorError) -> [AnchorResult] {
        guard FileManager.default.fileExists(atPath: script) else { throw .scriptMissing(script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        // Progress lines go straight to our standard error; nothing to drain, nothing to block on.
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw .scriptFailed(status: -1, stderr: "\(error)")
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .scriptFailed(status: process.terminationStatus, stderr: "see the lines above")
        }
        do {
            return try JSONDecoder().decode([AnchorResult].self, from: output)
        } catch {
            throw .unreadableOutput("\(error)")
        }
    }
}

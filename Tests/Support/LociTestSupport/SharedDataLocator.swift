import Foundation

/// Finds the shared real-data files and decides whether a test that needs them runs.
///
/// A value with no global state, so the rule itself is testable: outside CI a missing file
/// skips the test with ``missingMessage(_:)``; under CI (`CI=true`) the test runs, and
/// ``require(_:)`` (or opening the file) fails it.
public struct SharedDataLocator: Sendable {
    /// The data folder.
    public var root: URL
    /// Whether this run is CI, where every shared file must be present.
    public var isCI: Bool

    /// A locator for the folder `root`.
    public init(root: URL, isCI: Bool) {
        self.root = root
        self.isCI = isCI
    }

    /// A locator configured from an environment: `LOCI_SHARED_DATA` (when not empty) names the
    /// folder, else `shared/data` beside `packageRoot`; `CI=true` marks a CI run.
    public init(environment: [String: String], packageRoot: URL) {
        if let override = environment["LOCI_SHARED_DATA"], !override.isEmpty {
            root = URL(fileURLWithPath: override)
        } else {
            root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        }
        isCI = environment["CI"] == "true"
    }

    /// The file at `relativePath` under the data folder.
    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The listed paths that do not exist, in order.
    public func missing(_ relativePaths: [String]) -> [String] {
        relativePaths.filter { !FileManager.default.fileExists(atPath: url($0).path) }
    }

    /// Whether a test needing `relativePaths` runs: all exist, or this is CI (where it must fail).
    public func shouldRun(_ relativePaths: [String]) -> Bool { isCI || missing(relativePaths).isEmpty }

    /// The file at `relativePath`, which must exist.
    ///
    /// - Throws: ``SharedDataError/missing(path:root:isCI:)`` naming the file and the folder.
    public func require(_ relativePath: String) throws(SharedDataError) -> URL {
        guard missing([relativePath]).isEmpty else {
            throw .missing(path: relativePath, root: root.path, isCI: isCI)
        }
        return url(relativePath)
    }

    /// Why a test that needs `what` was skipped.
    public func missingMessage(_ what: String) -> String {
        "the shared data folder with \(what) is missing (looked in \(root.path); set LOCI_SHARED_DATA to point elsewhere)"
    }

    /// What a CI run says about files it lacks (the tests needing them run and fail).
    public func missingInCIMessage(_ missing: [String]) -> String {
        "CI=true and \(missing.joined(separator: ", ")) missing under \(root.path): the tests that need them fail"
    }
}

/// A shared data file a test needs is absent.
public enum SharedDataError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `path` (relative to `root`) does not exist; `isCI` says whether this run is CI.
    case missing(path: String, root: String, isCI: Bool)

    public var description: String {
        switch self {
        case .missing(let path, let root, let isCI):
            "shared data file \(path) is missing under \(root)"
                + (isCI ? " (CI=true: shared data is required)" : "; set LOCI_SHARED_DATA or fetch ../shared/data")
        }
    }
}

import Foundation

/// The shared real-data folder (`../shared/data` beside the checkout, or `$LOCI_SHARED_DATA`).
///
/// Tests that need it are enabled with `has(_:)` and say why they were skipped
/// otherwise (use ``missingMessage(_:)`` as the condition's comment). Under `CI=true` a missing
/// file does not skip: the test runs and fails when it opens the file, so a renamed folder cannot
/// leave a green run with part of the suite skipped (as the Postgres and external-tool tests do).
public enum SharedData {
    /// The locator for this process: root from `$LOCI_SHARED_DATA` or beside the package, CI from `$CI`.
    public static let locator = SharedDataLocator(
        environment: ProcessInfo.processInfo.environment, packageRoot: packageRoot)

    /// The data folder: `$LOCI_SHARED_DATA` when set, else `../shared/data` next to the package root.
    public static var root: URL { locator.root }

    /// The file at `relativePath` under the data folder, e.g. `osm/helsinki.osm.pbf`.
    public static func url(_ relativePath: String) -> URL { locator.url(relativePath) }

    /// Whether a test needing these files should run: every file exists, or this is CI (where
    /// the test must then fail on the missing file). Prints the missing files in CI.
    public static func has(_ relativePaths: String...) -> Bool { has(relativePaths) }

    /// Whether a test needing these files should run (see `has(_:)`).
    public static func has(_ relativePaths: [String]) -> Bool {
        let missing = locator.missing(relativePaths)
        if locator.isCI, !missing.isEmpty {
            FileHandle.standardError.write(Data("SharedData: \(locator.missingInCIMessage(missing))\n".utf8))
        }
        return locator.shouldRun(relativePaths)
    }

    /// Why a test that needs these files was skipped.
    public static func missingMessage(_ what: String) -> String { locator.missingMessage(what) }

    /// The package root (the nearest folder above this file holding `Package.swift`).
    private static var packageRoot: URL { Repository.root }
}

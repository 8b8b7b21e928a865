import Foundation

/// The shared real-data folder (`../shared/data` beside the checkout, or `$LOCI_SHARED_DATA`).
///
/// Tests that need it are enabled only when the files they read are present, and say why they
/// were skipped otherwise (use ``missingMessage(_:)`` as the condition's comment).
public enum SharedData {
    /// The data folder: `$LOCI_SHARED_DATA` when set, else `../shared/data` next to the package root.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["LOCI_SHARED_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// The file at `relativePath` under the data folder, e.g. `osm/helsinki.osm.pbf`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Whether every listed file exists.
    public static func has(_ relativePaths: String...) -> Bool {
        relativePaths.allSatisfy { FileManager.default.fileExists(atPath: url($0).path) }
    }

    /// Why a test that needs these files was skipped.
    public static func missingMessage(_ what: String) -> String {
        "the shared data folder with \(what) is missing (looked in \(root.path); set LOCI_SHARED_DATA to point elsewhere)"
    }
}

import Foundation

/// Where things are in this checkout, for tests that read committed files (scripts, docs, another
/// target's fixtures), whatever folder the calling test sits in.
public enum Repository {
    /// The checkout: the nearest folder above this file holding `Package.swift`.
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// `relativePath` inside the checkout (`scripts/make-photo-library`, `docs/server.md`).
    public static func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The folder of the source target `name`: `Sources/<Folder>/<name>` (or `Sources/<name>`).
    public static func sourceTarget(_ name: String) -> URL { target(name, under: "Sources") }

    /// The folder of the test target `name`: `Tests/<Folder>/<name>` (or `Tests/<name>`).
    public static func testTarget(_ name: String) -> URL { target(name, under: "Tests") }

    /// `top/name`, else `top/<folder>/name` for the first folder holding it (the layer table's
    /// grouping); `top/name` when neither exists, so a read fails naming the expected place.
    private static func target(_ name: String, under top: String) -> URL {
        let topURL = root.appendingPathComponent(top)
        let flat = topURL.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: flat.path) { return flat }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: topURL.path))?.sorted() ?? []
        for folder in folders {
            let grouped = topURL.appendingPathComponent(folder).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: grouped.path) { return grouped }
        }
        return flat
    }
}

import AppLayerChecks
import Foundation

/// A copy of the valid fixture tree in a temporary folder, with a broken case laid over it.
struct FixtureTree {
    /// The copy's root.
    let root: URL

    /// The bundled fixtures folder.
    static func fixtures() throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }

    /// Copies `valid/`, then `broken/<overlay>/` over it, then removes `removing`.
    init(overlay: String? = nil, removing: [String] = []) throws {
        let fixtures = try Self.fixtures()
        let manager = FileManager.default
        root = manager.temporaryDirectory.appendingPathComponent("app-layer-\(UUID().uuidString)")
        try manager.copyItem(at: fixtures.appendingPathComponent("valid"), to: root)
        if let overlay {
            let source = fixtures.appendingPathComponent("broken").appendingPathComponent(overlay)
            let walker = manager.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey])
            while let file = walker?.nextObject() as? URL {
                guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else {
                    continue
                }
                let relative = String(
                    file.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
                let target = root.appendingPathComponent(relative)
                try manager.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.copyItem(at: file, to: target)
            }
        }
        for path in removing {
            try manager.removeItem(at: root.appendingPathComponent(path))
        }
    }

    /// The checker's findings on this tree.
    func violations() throws -> [AppLayerViolation] {
        try AppLayerChecker(tree: CheckedTree(root: root, excluded: [])).violations()
    }

    /// Deletes the copy.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

import Foundation

/// The repository tree being checked: the root package's `Sources/` and `Tests/` beside `Apps/`.
///
/// Paths in findings are relative to ``root`` so they read the same on every machine. Tests
/// point it at a fixture tree; the command points it at the checkout.
public struct CheckedTree: Sendable {
    /// The repository root (the folder holding the root `Package.swift` and `Apps/`).
    public var root: URL
    /// Folders (relative to ``root``) whose files no rule looks at: the checker's own broken
    /// fixtures, which break the rules on purpose.
    public var excluded: [String]

    /// The checker's own fixtures, excluded from checks of the real tree.
    public static let defaultExcluded = ["Tests/Tooling/AppLayerChecksTests/Fixtures"]

    /// A tree at `root`.
    public init(root: URL, excluded: [String] = CheckedTree.defaultExcluded) {
        self.root = root.standardizedFileURL
        self.excluded = excluded
    }

    /// The URL of `relativePath` inside the tree.
    public func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// Whether `relativePath` names an existing file or folder.
    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    /// Whether `relativePath` names an existing folder.
    public func isDirectory(_ relativePath: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(relativePath).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The text of a file.
    /// - Throws: ``AppLayerCheckError`` naming the file when it is missing or not UTF-8.
    public func text(_ relativePath: String) throws(AppLayerCheckError) -> String {
        guard exists(relativePath) else { throw AppLayerCheckError(.missing, path: relativePath) }
        do {
            return try String(contentsOf: url(relativePath), encoding: .utf8)
        } catch {
            throw AppLayerCheckError(.unreadable(String(describing: error)), path: relativePath)
        }
    }

    /// The bytes of a file.
    /// - Throws: ``AppLayerCheckError`` naming the file when it is missing or unreadable.
    public func data(_ relativePath: String) throws(AppLayerCheckError) -> Data {
        guard exists(relativePath) else { throw AppLayerCheckError(.missing, path: relativePath) }
        do {
            return try Data(contentsOf: url(relativePath))
        } catch {
            throw AppLayerCheckError(.unreadable(String(describing: error)), path: relativePath)
        }
    }

    /// Relative paths of the files under `folder` whose names end in `suffix`, sorted; none when
    /// the folder is missing. Excluded folders and hidden entries (`.build`) are skipped.
    public func files(under folder: String, suffix: String) -> [String] {
        let base = url(folder)
        guard
            let walker = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
        else { return [] }
        var found: [String] = []
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let file as URL in walker {
            let path = file.standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { continue }
            let relative = String(path.dropFirst(rootPath.count))
            if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
                walker.skipDescendants()
                continue
            }
            guard relative.hasSuffix(suffix),
                (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            found.append(relative)
        }
        return found.sorted()
    }

    /// The names of the folders directly inside `folder`, sorted; none when it is missing.
    public func subfolders(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
        return names.filter { !$0.hasPrefix(".") && isDirectory("\(folder)/\($0)") }.sorted()
    }
}

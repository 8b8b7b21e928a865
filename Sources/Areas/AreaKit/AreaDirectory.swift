import Foundation

/// The areas in a folder made by `loci area build`: `DIR/NAME/area.json` beside the files it names.
///
/// Read on each call (a rebuilt area is seen without a restart). Folders whose name is not an
/// ``AreaName``, hidden folders (builds in progress) and folders without a readable manifest are
/// skipped; a manifest whose name differs from its folder, or that names a file not inside the
/// folder, is skipped too, so a path is only ever made from a listed name and a kind's fixed file name.
public struct AreaDirectory: Sendable {
    /// The folder.
    public let root: URL

    /// The areas under `root`.
    public init(root: URL) { self.root = root }

    /// Every valid area, by name.
    public func areas() -> [AreaManifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in manifest(named: name) }
    }

    /// The area called `name`, or nil when there is none (or `name` is not an area name).
    public func manifest(named name: String) -> AreaManifest? {
        guard AreaName.isValid(name) else { return nil }
        let folder = root.appendingPathComponent(name, isDirectory: true)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(AreaManifest.fileName).path),
            let manifest = try? AreaManifest.decode(data), manifest.name == name,
            manifest.files.allSatisfy({ $0.file == $0.kind.fileName })
        else { return nil }
        return manifest
    }

    /// The file of `kind` in the area called `name`, with its manifest entry; nil when either is unknown.
    public func file(area name: String, kind: AreaKind) -> (entry: AreaFile, path: String)? {
        guard let entry = manifest(named: name)?.file(kind) else { return nil }
        return (entry, root.appendingPathComponent(name, isDirectory: true).appendingPathComponent(kind.fileName).path)
    }
}

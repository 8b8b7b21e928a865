import AppLayerChecks
import Foundation
import PackageLayers
import Testing

@Suite("This repository against its layer table")
struct RealPackageTests {
    /// The checkout: the nearest folder above this file holding a Package.swift (so moving the
    /// test's folder does not move the root).
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func table() throws -> LayerTable { try LayerTable(text: try text("docs/layers.txt")) }

    @Test("Package.swift has no upward edge, no product using another, and every target placed and in its folder")
    func packageFollowsTheTable() throws {
        let declarations = PackageManifest(text: try Self.text("Package.swift")).declarations
        let found = LayerCheck(table: try Self.table()).violations(of: declarations)
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test("the manifest reader sees every target folder there is, so none escapes the check")
    func readerSeesEveryTarget() throws {
        let declarations = PackageManifest(text: try Self.text("Package.swift")).declarations
        let paths = Set(declarations.map { $0.path ?? "\($0.kind == .test ? "Tests" : "Sources")/\($0.name)" })
        var folders: Set<String> = []
        for top in ["Sources", "Tests"] {
            for path in try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent(top).path)
            where path.hasSuffix(".swift") || path.hasSuffix("module.modulemap") {
                // A target's folder is the longest declared path holding the file, else its first folder.
                let full = "\(top)/\(path)"
                if let owner = paths.filter({ full.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) {
                    folders.insert(owner)
                } else {
                    folders.insert("\(top)/\(path.split(separator: "/").first ?? "")")
                }
            }
        }
        #expect(folders.subtracting(paths).isEmpty, "folders with sources but no target read: \(folders.subtracting(paths).sorted())")
        #expect(declarations.count >= 76 + 70)
    }

    @Test("docs/architecture.md draws the table's diagram and has a row for every module")
    func architectureMatchesTheTable() throws {
        let table = try Self.table()
        let architecture = try Self.text("docs/architecture.md")
        let diagram = LayerDiagram(table: table).text
        #expect(architecture.contains("```\n\(diagram)\n```"), "draw this diagram in docs/architecture.md:\n\(diagram)")
        let missing = table.placements.map(\.target).filter { !architecture.contains("| `\($0)`") }
        #expect(missing.isEmpty, "docs/architecture.md has no row for \(missing)")
    }

    @Test("the README's layout names every folder of Sources/")
    func readmeListsTheFolders() throws {
        let readme = try Self.text("README.md")
        let sourceFolders = try Self.table().folders.filter { $0.layers != [LayerTable.testSupportLayer] }.map(\.name)
        let missing = sourceFolders.filter { !readme.contains("Sources/\($0)/") }
        #expect(missing.isEmpty, "the README's layout does not name \(missing.map { "Sources/\($0)/" })")
    }
}

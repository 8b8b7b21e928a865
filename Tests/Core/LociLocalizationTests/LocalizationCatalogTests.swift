import Foundation
import Testing

import LociLocalization

/// Every String Catalog in the repository is complete in English and Finnish.
@Suite("Every Localizable.xcstrings is complete")
struct LocalizationCatalogTests {
    /// The repository: four folders up from this file (Tests/Core/LociLocalizationTests/…).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The catalogs under Sources/ and Apps/ (fixtures and build folders aside).
    static func catalogs() -> [URL] {
        var found: [URL] = []
        for folder in ["Sources", "Apps"] {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk {
                if url.lastPathComponent == ".build" { walk.skipDescendants() }
                if url.pathExtension == "xcstrings" { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test("Each catalog reads, and has every key in English and Finnish with the key's placeholders")
    func complete() throws {
        let catalogs = Self.catalogs()
        #expect(!catalogs.isEmpty, "no Localizable.xcstrings under Sources/ or Apps/")
        for url in catalogs {
            let relative = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            #expect(url.lastPathComponent == "Localizable.xcstrings", "\(relative): catalogs are named Localizable.xcstrings")
            let catalog = try StringCatalog(contentsOf: url)
            let problems = CatalogAudit.problems(in: catalog)
            #expect(problems.isEmpty, "\(relative):\n  \(problems.joined(separator: "\n  "))")
        }
    }
}

import Foundation
import Testing

import LociLocalization

/// Every String Catalog in the repository is complete in English and Finnish.
@Suite("Every Localizable.xcstrings is complete")
struct LocalizationCatalogTests {
    var root: URL { Self.root }
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
        #expect(catalogs.contains { $0.lastPathComponent == "Localizable.xcstrings" }, "no Localizable.xcstrings under Sources/ or Apps/")
        for url in catalogs {
            let relative = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            let name = url.lastPathComponent
            #expect(
                name == "Localizable.xcstrings" || name == "InfoPlist.xcstrings",
                "\(relative): a catalog is Localizable.xcstrings (copy) or InfoPlist.xcstrings (an app's Info.plist)")
            let catalog = try StringCatalog(contentsOf: url)
            let problems = CatalogAudit.problems(in: catalog, keysAreText: name != "InfoPlist.xcstrings")
            #expect(problems.isEmpty, "\(relative):\n  \(problems.joined(separator: "\n  "))")
        }
    }

    /// The Info.plist values a person reads: the permission prompts and the name under the icon.
    static func personFacing(_ key: String) -> Bool {
        key == "CFBundleDisplayName" || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
    }

    @Test("Every app's permission prompts and name are in its InfoPlist.xcstrings, English as in the Info.plist")
    func infoPlists() throws {
        let apps = root.appendingPathComponent("Apps")
        let folders = try FileManager.default.contentsOfDirectory(atPath: apps.path).sorted().filter {
            FileManager.default.fileExists(atPath: apps.appendingPathComponent("\($0)/Info.plist").path)
        }
        #expect(folders.count >= 5, "the five apps' folders, found \(folders)")
        for folder in folders {
            let plist = try Data(contentsOf: apps.appendingPathComponent("\(folder)/Info.plist"))
            let info = try #require(try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
            let catalogURL = apps.appendingPathComponent("\(folder)/InfoPlist.xcstrings")
            guard FileManager.default.fileExists(atPath: catalogURL.path) else {
                Issue.record("Apps/\(folder) has no InfoPlist.xcstrings for its permission prompts")
                continue
            }
            let catalog = try StringCatalog(contentsOf: catalogURL)
            for key in info.keys.sorted() where Self.personFacing(key) {
                let english = info[key] as? String
                #expect(
                    catalog.format(key, language: "en") == english,
                    "Apps/\(folder)/InfoPlist.xcstrings: \(key) is missing or its English differs from the Info.plist")
                #expect(catalog.format(key, language: "fi") != nil, "Apps/\(folder)/InfoPlist.xcstrings: \(key) has no Finnish")
            }
        }
    }
}

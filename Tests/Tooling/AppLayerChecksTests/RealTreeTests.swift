import AppLayerChecks
import Foundation
import Testing

@Suite("The app-layer checks on this repository")
struct RealTreeTests {
    /// The checkout this test file is in: the nearest folder above it holding `Package.swift`.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    @Test(
        "find nothing wrong: Apps/ parses (syntax only (swiftc -parse), not a build), imports and configuration hold"
    )
    func realTreePasses() throws {
        let tree = CheckedTree(root: Self.root)
        let appFiles = tree.files(under: "Apps", suffix: ".swift")
        #expect(appFiles.contains("Apps/PhotoWrapped/PhotoWrappedApp.swift"))
        #expect(appFiles.contains { $0.hasPrefix("Apps/Sources/WrappedLive/") })
        let found = try AppLayerChecker(tree: tree).violations().filter { !Self.viewRules.contains($0.rule) }
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    /// The rules over the view code (issue 36), run apart so a failure says which kind it is.
    static let viewRules: Set<AppLayerRule> = [.accessibilityLabel, .fixedFontSize, .viewLiteral]

    @Test("find every control and image labelled, no fixed font size, and every view literal in its catalog, in all five apps")
    func viewRulesPass() throws {
        let tree = CheckedTree(root: Self.root)
        let found = try AccessibilityLabelCheck.check(tree) + FixedFontSizeCheck.check(tree) + ViewLiteralCheck.check(tree)
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    @Test("cover the Photo Wrapped app: its Info.plist must carry the photo library usage string")
    func photoWrappedNeedsPhotoAccess() throws {
        let tree = CheckedTree(root: Self.root)
        let spec = try ProjectSpec(yaml: try tree.text(ConfigurationCheck.specPath))
        let app = try #require(spec.targets.first { $0.name == "PhotoWrapped" })
        #expect(app.isApplication)
        #expect(app.infoPlist == "PhotoWrapped/Info.plist")
        #expect(app.products.contains(.init(package: "LociApps", product: "WrappedLive")))
    }

    @Test(
        "cover the Proximity app: its adapters need the location (when in use, always), motion and background-location keys"
    )
    func proximityNeedsLocationAndMotion() throws {
        let tree = CheckedTree(root: Self.root)
        let spec = try ProjectSpec(yaml: try tree.text(ConfigurationCheck.specPath))
        let app = try #require(spec.targets.first { $0.name == "Proximity" })
        #expect(app.isApplication)
        #expect(app.infoPlist == "Proximity/Info.plist")
        #expect(app.products.contains(.init(package: "LociApps", product: "ProximityLive")))
        let live = try tree.files(under: "Apps/Sources/ProximityLive", suffix: ".swift").map { path in
            (path: path, text: try tree.text(path))
        }
        let needs = AdapterNeeds(sources: live)
        let keys = Set(needs.usageStrings.map(\.value))
        #expect(
            keys.isSuperset(of: [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
                "NSMotionUsageDescription",
            ]), "\(keys.sorted())")
        #expect(needs.backgroundModes.map(\.value).contains("location"))
    }

    @Test("cover the ShootVeil app: its adapters need the camera, motion and when-in-use keys, and never Always")
    func shootVeilNeedsCameraMotionAndLocation() throws {
        let tree = CheckedTree(root: Self.root)
        let spec = try ProjectSpec(yaml: try tree.text(ConfigurationCheck.specPath))
        let app = try #require(spec.targets.first { $0.name == "ShootVeil" })
        #expect(app.isApplication)
        #expect(app.infoPlist == "ShootVeil/Info.plist")
        #expect(app.products.contains(.init(package: "LociApps", product: "ShootVeilLive")))
        let live = try tree.files(under: "Apps/Sources/ShootVeilLive", suffix: ".swift").map { path in
            (path: path, text: try tree.text(path))
        }
        let needs = AdapterNeeds(sources: live)
        let keys = Set(needs.usageStrings.map(\.value))
        #expect(
            keys == ["NSCameraUsageDescription", "NSMotionUsageDescription", "NSLocationWhenInUseUsageDescription"],
            "\(keys.sorted())")
        #expect(needs.backgroundModes.isEmpty)
    }

    @Test(
        "cover the Tidepool app: location when in use and always, background location, App Attest's environment")
    func tidepoolNeedsLocationAndAppAttest() throws {
        let tree = CheckedTree(root: Self.root)
        let spec = try ProjectSpec(yaml: try tree.text(ConfigurationCheck.specPath))
        let app = try #require(spec.targets.first { $0.name == "Tidepool" })
        #expect(app.isApplication)
        #expect(app.infoPlist == "Tidepool/Info.plist")
        #expect(app.entitlements == "Tidepool/Tidepool.entitlements")
        #expect(app.products.contains(.init(package: "LociApps", product: "TidepoolLive")))
        #expect(app.products.contains(.init(package: "LociApps", product: "TidepoolUI")))
        let live = try tree.files(under: "Apps/Sources/TidepoolLive", suffix: ".swift").map { path in
            (path: path, text: try tree.text(path))
        }
        let needs = AdapterNeeds(sources: live)
        let keys = Set(needs.usageStrings.map(\.value))
        #expect(
            keys.isSuperset(of: [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ]), "\(keys.sorted())")
        #expect(!needs.appAttest.isEmpty)
        let plist = try tree.data("Apps/Tidepool/Info.plist")
        let info = try #require(
            try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        #expect((info["UIBackgroundModes"] as? [String])?.contains("location") == true)
    }
}

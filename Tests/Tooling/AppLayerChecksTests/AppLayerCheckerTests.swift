import AppLayerChecks
import Foundation
import Testing

/// A broken tree and the findings it must produce: each rule, the file it names.
struct BrokenCase: Sendable, CustomTestStringConvertible {
    var overlay: String?
    var removing: [String] = []
    var expected: [Expectation]
    var testDescription: String { overlay ?? "removing \(removing.joined(separator: ", "))" }

    struct Expectation: Sendable {
        var rule: AppLayerRule
        var file: String
        var line: Int?
        /// Words the message must contain.
        var mentions: String
    }
}

@Suite("The app-layer checker")
struct AppLayerCheckerTests {
    @Test("passes the valid fixture tree, so a finding on a broken one is caused by the break")
    func validFixturePasses() throws {
        let tree = try FixtureTree()
        defer { tree.remove() }
        let found = try tree.violations()
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    static let brokenCases: [BrokenCase] = [
        BrokenCase(
            overlay: "syntax-error",
            expected: [
                .init(
                    rule: .swiftSyntax, file: "Apps/Sources/WrappedUI/HomeView.swift", line: 7,
                    mentions: "syntax only (swiftc -parse), not a build")
            ]),
        BrokenCase(
            overlay: "ui-imports-grdb",
            expected: [
                .init(
                    rule: .storageInUI, file: "Apps/Sources/WrappedUI/HomeView.swift", line: 1,
                    mentions: "WrappedUI imports GRDB")
            ]),
        BrokenCase(
            overlay: "root-imports-swiftui",
            expected: [
                .init(
                    rule: .appleFrameworkInRoot, file: "Sources/WrappedFeature/HomeModel.swift", line: 2,
                    mentions: "imports SwiftUI")
            ]),
        BrokenCase(
            overlay: "live-imports-swiftui",
            expected: [
                .init(
                    rule: .swiftUIInLive, file: "Apps/Sources/WrappedLive/PhotoKitAccess.swift", line: 2,
                    mentions: "WrappedLive imports SwiftUI")
            ]),
        BrokenCase(
            overlay: "app-imports-server",
            expected: [
                .init(
                    rule: .serverModuleInApp, file: "Apps/PhotoWrapped/PhotoWrappedApp.swift", line: 1,
                    mentions: "imports LociServer")
            ]),
        BrokenCase(
            overlay: "project-missing-path",
            expected: [
                .init(
                    rule: .projectPath, file: "Apps/project.yml",
                    mentions: "PhotoWrapped/Supporting/Info.plist")
            ]),
        BrokenCase(
            overlay: "project-unknown-product",
            expected: [
                .init(rule: .projectProduct, file: "Apps/project.yml", mentions: "product WrappedPhotoKit")
            ]),
        BrokenCase(
            overlay: "project-unreadable",
            expected: [
                .init(rule: .projectSpec, file: "Apps/project.yml", mentions: "does not parse")
            ]),
        BrokenCase(
            overlay: "info-without-photo-usage",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions:
                        "NSPhotoLibraryUsageDescription (Apps/Sources/WrappedLive/PhotoKitAccess.swift imports Photos)"
                )
            ]),
        BrokenCase(
            overlay: "camera-without-usage",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions:
                        "NSCameraUsageDescription (Apps/Sources/WrappedLive/CameraFeed.swift captures from the camera)")
            ]),
        BrokenCase(
            overlay: "motion-without-usage",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "NSMotionUsageDescription (Apps/Sources/WrappedLive/TiltReader.swift imports CoreMotion)")
            ]),
        BrokenCase(
            overlay: "entitlements-unparseable",
            expected: [
                .init(
                    rule: .propertyListFile, file: "Apps/PhotoWrapped/PhotoWrapped.entitlements",
                    mentions: "does not parse")
            ]),
        BrokenCase(
            overlay: "background-location-unconfigured",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "NSLocationWhenInUseUsageDescription"),
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "NSLocationAlwaysAndWhenInUseUsageDescription"),
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "UIBackgroundModes lacks location"),
            ]),
        BrokenCase(
            overlay: "region-monitoring-without-always",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "NSLocationWhenInUseUsageDescription"),
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions:
                        "NSLocationAlwaysAndWhenInUseUsageDescription (Apps/Sources/WrappedLive/RegionWatcher.swift monitors regions or significant changes"
                ),
            ]),
        BrokenCase(
            overlay: "cloudkit-without-container",
            expected: [
                .init(
                    rule: .infoPlistNeeds, file: "Apps/PhotoWrapped/Info.plist",
                    mentions: "UIBackgroundModes lacks remote-notification"),
                .init(
                    rule: .entitlementsNeeds, file: "Apps/PhotoWrapped/PhotoWrapped.entitlements",
                    mentions: "iCloud container"),
            ]),
        BrokenCase(
            overlay: "cloudkit-without-push",
            expected: [
                .init(
                    rule: .entitlementsNeeds, file: "Apps/PhotoWrapped/PhotoWrapped.entitlements",
                    mentions: "aps-environment for CloudKit's sync pushes")
            ]),
        BrokenCase(
            overlay: "app-attest-without-environment",
            expected: [
                .init(
                    rule: .entitlementsNeeds, file: "Apps/PhotoWrapped/PhotoWrapped.entitlements",
                    mentions: "appattest-environment set to development or production")
            ]),
        BrokenCase(
            overlay: "undeclared-user-defaults",
            expected: [
                .init(
                    rule: .privacyManifest, file: "Apps/PhotoWrapped/PrivacyInfo.xcprivacy",
                    mentions: "NSPrivacyAccessedAPICategoryUserDefaults")
            ]),
        BrokenCase(
            overlay: "transitive-user-defaults",
            expected: [
                .init(
                    rule: .privacyManifest, file: "Apps/PhotoWrapped/PrivacyInfo.xcprivacy",
                    mentions: "(Sources/Settings/LastRange.swift uses UserDefaults)")
            ]),
        BrokenCase(
            overlay: "privacy-tracking",
            expected: [
                .init(
                    rule: .privacyManifest, file: "Apps/PhotoWrapped/PrivacyInfo.xcprivacy",
                    mentions: "NSPrivacyTracking")
            ]),
        BrokenCase(
            overlay: "bundle-step-missing",
            expected: [
                .init(
                    rule: .bundledData, file: "Apps/project.yml",
                    mentions:
                        "target PhotoWrapped bundles no gazetteer-cities500.tsv.gz: add a build script that runs scripts/fetch-data"
                )
            ]),
        BrokenCase(
            overlay: "bundle-script-misnamed",
            expected: [
                .init(
                    rule: .bundledData, file: "Apps/project.yml",
                    mentions: "build script 'Bundle the gazetteer' runs scripts/fetch-gazetteer, which does not exist"),
                .init(
                    rule: .bundledData, file: "Apps/project.yml",
                    mentions: "target PhotoWrapped bundles no gazetteer-cities500.tsv.gz"),
            ]),
        BrokenCase(
            removing: ["scripts/fetch-data"],
            expected: [
                .init(
                    rule: .bundledData, file: "Apps/project.yml",
                    mentions: "runs scripts/fetch-data, which does not exist")
            ]),
        BrokenCase(
            overlay: "workflow-skips-gazetteer",
            expected: [
                .init(
                    rule: .bundledData, file: ".github/workflows/apple.yml",
                    mentions: "never checks that the built PhotoWrapped.app holds gazetteer-cities500.tsv.gz")
            ]),
        BrokenCase(
            overlay: "workflow-misses-app",
            expected: [
                .init(
                    rule: .workflowScheme, file: ".github/workflows/apple.yml",
                    mentions: "does not build app PhotoWrapped")
            ]),
        BrokenCase(
            removing: ["Apps/Sources/WrappedLive/PhotoKitAccess.swift"],
            expected: [
                .init(
                    rule: .projectProduct, file: "Apps/project.yml",
                    mentions:
                        "product WrappedLive, whose module WrappedLive has no Swift file in Apps/Sources/WrappedLive"
                )
            ]),
        BrokenCase(
            removing: ["Apps/PhotoWrapped/PrivacyInfo.xcprivacy"],
            expected: [
                .init(
                    rule: .propertyListFile, file: "Apps/project.yml",
                    mentions: "app PhotoWrapped has no PrivacyInfo.xcprivacy")
            ]),
        BrokenCase(
            overlay: "model-member-unreached",
            expected: [
                .init(
                    rule: .modelReachability, file: "Sources/WrappedFeature/HomeModel.swift", line: 26,
                    mentions: "DeckModel.unhide(_:) has no caller in Apps/ or another model")
            ]),
        BrokenCase(
            overlay: "model-setter-unreached",
            expected: [
                .init(
                    rule: .modelReachability, file: "Sources/WrappedFeature/HomeModel.swift", line: 13,
                    mentions: "DeckModel.speed is settable but nothing in Apps/ or another model sets it")
            ]),
        BrokenCase(
            overlay: "model-call-wrong-labels",
            expected: [
                .init(
                    rule: .modelReachability, file: "Sources/WrappedFeature/HomeModel.swift", line: 19,
                    mentions: "DeckModel.hide(_:animated:) has no caller in Apps/ or another model")
            ]),
        BrokenCase(
            overlay: "model-exemption-stale",
            expected: [
                .init(
                    rule: .modelReachability, file: "Apps/unreached-members.txt", line: 3,
                    mentions: "DeckModel.showNext() has a caller now; remove its exemption")
            ]),
        BrokenCase(
            overlay: "model-exemption-unknown",
            expected: [
                .init(
                    rule: .modelReachability, file: "Apps/unreached-members.txt", line: 2,
                    mentions: "DeckModel.rewind() is not a public method or settable property of a model"),
                .init(
                    rule: .modelReachability, file: "Apps/unreached-members.txt", line: 3,
                    mentions: "expected `Type.member | reason`, found `DeckModel.showNext()`"),
            ]),
        BrokenCase(
            overlay: "a11y-image-unlabelled",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/Stars.swift", line: 6,
                    mentions: "Image(systemName: \"star.fill\") has no accessibility label: add .accessibilityLabel")
            ]),
        BrokenCase(
            overlay: "a11y-icon-only-button",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/TrashButton.swift", line: 6,
                    mentions: "Button has no label VoiceOver can read (its label is only an image or a shape)")
            ]),
        BrokenCase(
            overlay: "a11y-slider-unlabelled",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/SpeedSlider.swift", line: 6,
                    mentions: "Slider has no label VoiceOver can read (no title)")
            ]),
        BrokenCase(
            overlay: "a11y-tap-gesture",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/TapCard.swift", line: 6,
                    mentions: "add .accessibilityAddTraits(.isButton)")
            ]),
        BrokenCase(
            overlay: "a11y-canvas-unlabelled",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/HeatCanvas.swift", line: 5,
                    mentions: "Canvas draws what VoiceOver cannot read")
            ]),
        BrokenCase(
            overlay: "a11y-map-overlay-unlabelled",
            expected: [
                .init(
                    rule: .accessibilityLabel, file: "Apps/Sources/WrappedUI/RadiusMap.swift", line: 7,
                    mentions: "Map with overlays draws what VoiceOver cannot read")
            ]),
        BrokenCase(
            overlay: "font-fixed-size",
            expected: [
                .init(
                    rule: .fixedFontSize, file: "Apps/Sources/WrappedUI/BigNumber.swift", line: 7,
                    mentions: ".system(size: 56, weight: .bold) is a fixed font size"),
                .init(
                    rule: .fixedFontSize, file: "Apps/Sources/WrappedUI/BigNumber.swift", line: 8,
                    mentions: "use Font.custom(_:size:relativeTo:)"),
            ]),
        BrokenCase(
            overlay: "catalog-not-a-catalog",
            expected: [
                .init(
                    rule: .viewLiteral, file: "Apps/PhotoWrapped/Localizable.xcstrings", line: nil,
                    mentions: "is not a String Catalog: missing \"strings\""),
            ]),
        BrokenCase(
            overlay: "literal-missing-from-catalog",
            expected: [
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/WrappedUI/ResetView.swift", line: 7,
                    mentions: "\"Delete everything\" is not a key of Apps/PhotoWrapped/Localizable.xcstrings"),
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/WrappedUI/ResetView.swift", line: 8,
                    mentions: "\"Shown: %@\" is not a key of Apps/PhotoWrapped/Localizable.xcstrings"),
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/WrappedUI/ResetView.swift", line: 10,
                    mentions: "\"Taken in Arezzo\" is not a key"),
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/WrappedUI/ResetView.swift", line: 13,
                    mentions: "\"Next\" goes to NoticeBanner(_:), a String shown as given (untranslated)"),
            ]),
        BrokenCase(
            overlay: "literal-in-shared-module",
            expected: [
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/LociUI/Retry.swift", line: 8,
                    mentions: "\"Try again\" is a LocalizedStringKey, which SwiftUI looks up in the app's catalog, not LociUI's"),
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/LociUI/Retry.swift", line: 9,
                    mentions: "\"Start over\" is not a key of Apps/Sources/LociUI/Localizable.xcstrings"),
            ]),
        BrokenCase(
            removing: ["Apps/PhotoWrapped/Localizable.xcstrings"],
            expected: [
                .init(
                    rule: .viewLiteral, file: "Apps/Sources/WrappedUI/DeckView.swift", line: 9,
                    mentions: "\"Next\" and 12 more literal(s) resolve to Apps/PhotoWrapped/Localizable.xcstrings, which does not exist")
            ]),
    ]

    @Test("fails each broken fixture with its rule only, naming the file", arguments: brokenCases)
    func brokenFixtureFails(_ broken: BrokenCase) throws {
        let tree = try FixtureTree(overlay: broken.overlay, removing: broken.removing)
        defer { tree.remove() }
        let found = try tree.violations()
        let expectedRules = Set(broken.expected.map(\.rule))
        #expect(found.allSatisfy { expectedRules.contains($0.rule) }, "\(found.map(\.description))")
        for expectation in broken.expected {
            let match = found.first { violation in
                violation.rule == expectation.rule && violation.file == expectation.file
                    && (expectation.line == nil || violation.line == expectation.line)
                    && violation.message.contains(expectation.mentions)
            }
            #expect(
                match != nil,
                "no \(expectation.rule.rawValue) on \(expectation.file) mentioning \(expectation.mentions); found \(found.map(\.description))"
            )
            if let match {
                #expect(match.description.hasPrefix(expectation.file))
                #expect(match.description.contains("[\(expectation.rule.rawValue)]"))
            }
        }
    }
}

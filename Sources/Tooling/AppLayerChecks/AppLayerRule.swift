/// The rules the app-layer checker enforces, each with the name it prints.
///
/// The rules come from the app layer's design: Apple code stays a thin shell over Linux-tested
/// modules, and the Xcode configuration must carry what the adapters need before a Mac ever
/// builds it.
public enum AppLayerRule: String, Sendable, CaseIterable, Codable {
    /// Every Swift file under `Apps/` parses (`swiftc -parse`: syntax only, not a build).
    case swiftSyntax = "swift-syntax"
    /// The root package (its `Sources/` and `Tests/`) imports no Apple-only framework.
    case appleFrameworkInRoot = "apple-framework-in-root"
    /// No module under `Apps/` imports the server, the CLI, the Cairo renderer or other
    /// Linux-delivery modules.
    case serverModuleInApp = "server-module-in-app"
    /// A `*UI` module imports no database or store module: views read model state only.
    case storageInUI = "storage-in-ui"
    /// A `*Live` module imports no SwiftUI unless the import line says why the adapter must.
    case swiftUIInLive = "swiftui-in-live"
    /// Every path `Apps/project.yml` names exists.
    case projectPath = "project-path"
    /// Every package product `Apps/project.yml` names is declared by that package, and each of
    /// its modules has sources.
    case projectProduct = "project-product"
    /// `Apps/project.yml` is readable and shaped as the checker expects.
    case projectSpec = "project-spec"
    /// An app's Info.plist carries the usage strings and background modes its adapters need.
    case infoPlistNeeds = "info-plist-needs"
    /// An app's entitlements carry what its adapters need (the iCloud container for CloudKit).
    case entitlementsNeeds = "entitlements-needs"
    /// An app's Info.plist, entitlements and privacy manifest exist and parse as property lists.
    case propertyListFile = "property-list-file"
    /// An app's `PrivacyInfo.xcprivacy` declares no tracking and the required-reason APIs its
    /// code uses.
    case privacyManifest = "privacy-manifest"
    /// The Mac workflow (`.github/workflows/apple.yml`) builds every app target of `project.yml`.
    case workflowScheme = "workflow-scheme"
    /// Data an app loads from its bundle (Photo Wrapped's gazetteer) is made by a build script in
    /// `Apps/project.yml` that runs the repository's script and copies the file into the app; the
    /// scripts a build phase runs exist; the Mac workflow checks the built app holds the file.
    case bundledData = "bundled-data"
    /// Every non-private method and settable property of a `*Feature` model has a caller in
    /// `Apps/` or another model, or a reasoned line in `Apps/unreached-members.txt`.
    case modelReachability = "model-reachability"
    /// Every control and meaningful image in the view code has a label VoiceOver can read; a
    /// tappable non-control is a button for VoiceOver; a drawing is labelled or hidden
    /// (``AccessibilityLabelCheck``).
    case accessibilityLabel = "accessibility-label"
    /// No fixed font size in the view code: text scales with Dynamic Type (``FixedFontSizeCheck``).
    case fixedFontSize = "fixed-font-size"
    /// Every user-visible string literal in the view code is a key of the catalog it resolves to
    /// (``ViewLiteralCheck``).
    case viewLiteral = "view-literal"

    /// One line saying what the rule asks for.
    public var summary: String {
        switch self {
        case .swiftSyntax: "every Swift file under Apps/ parses (swiftc -parse: syntax only, not a build)"
        case .appleFrameworkInRoot:
            "the root package imports no Apple-only framework; that code belongs in Apps/"
        case .serverModuleInApp: "the apps never import server, CLI or Cairo modules"
        case .storageInUI: "a *UI module imports no database or store: views read model state"
        case .swiftUIInLive:
            "a *Live module imports no SwiftUI unless the adapter must (say why on the import line)"
        case .projectPath: "every path named in Apps/project.yml exists"
        case .projectProduct: "every package product named in Apps/project.yml is declared by its package"
        case .projectSpec: "Apps/project.yml is readable XcodeGen YAML"
        case .infoPlistNeeds:
            "each app's Info.plist carries the usage strings and background modes its adapters need"
        case .entitlementsNeeds: "each app's entitlements carry what its adapters need"
        case .propertyListFile:
            "each app's Info.plist, entitlements and PrivacyInfo.xcprivacy exist and parse"
        case .privacyManifest:
            "each app's PrivacyInfo.xcprivacy declares no tracking and the required-reason APIs it uses"
        case .workflowScheme: "the Mac workflow builds every app target named in Apps/project.yml"
        case .bundledData:
            "data an app bundles is made by a build script that exists, and the Mac workflow checks the built app holds it"
        case .modelReachability:
            "every model method and settable property is reached from Apps/ or another model, or exempted with a reason"
        case .accessibilityLabel:
            "every control and meaningful image has an accessibility label; tappable views are buttons; drawings are labelled or hidden"
        case .fixedFontSize:
            "no fixed font sizes (.system(size:), .custom(_:size:) without relativeTo:): text follows Dynamic Type"
        case .viewLiteral:
            "every user-visible literal in a *UI module or app folder is a key of the catalog it resolves to"
        }
    }
}

/// The layering rules, checked on `import` statements.
///
/// - The root package (`Sources/`, `Tests/`) builds on Linux, so it imports no Apple-only
///   framework (``appleOnlyFrameworks``).
/// - Nothing under `Apps/` imports a module that only the Linux delivery needs
///   (``linuxDeliveryModules``: server, CLI, Cairo renderer, benchmarks).
/// - A module under `Apps/Sources/` whose name ends in `UI` imports no database or store
///   (``storageModules``): a view reads a model's state and forwards taps.
/// - A module whose name ends in `Live` imports no SwiftUI, unless the import line carries a
///   `// adapter needs: <why>` comment: an adapter maps a framework to a protocol, it draws nothing.
public enum ImportRules {
    /// Frameworks that exist only on Apple platforms (what the root package must not import).
    public static let appleOnlyFrameworks: Set<String> = [
        "SwiftUI", "UIKit", "AppKit", "MapKit", "CoreLocation", "Photos", "PhotosUI", "PhotoKit",
        "CoreMotion", "AVFoundation", "AVKit", "StoreKit", "CloudKit", "UserNotifications",
        "BackgroundTasks", "CoreText", "CoreGraphics", "CoreImage", "ImageIO", "WidgetKit",
        "ActivityKit", "Combine", "UniformTypeIdentifiers", "Contacts", "EventKit", "HealthKit",
    ]

    /// Modules the apps never link: the server and its storage, the CLI, the Cairo/libjpeg
    /// renderer and the HTML export, the benchmarks, and the server-side libraries.
    public static let linuxDeliveryModules: Set<String> = [
        "LociServer", "LociServerStore", "LociCLI", "loci", "WrappedCards", "WrappedExport", "CCairo",
        "CJPEG", "LociBenchmarks", "ArgumentParser", "PostgresNIO", "Prometheus",
    ]

    /// Prefixes of module families the apps never link (Hummingbird, SwiftNIO).
    public static let linuxDeliveryPrefixes = ["Hummingbird", "NIO"]

    /// Database and store modules a view must not reach.
    public static let storageModules: Set<String> = [
        "GRDB", "GRDBSQLite", "SQLite3", "PlaceStore", "WrappedStore", "ProximityStore", "LibraryStore",
        "LociServerStore", "TidepoolStorage",
    ]

    /// The comment that lets a `*Live` file import SwiftUI: `import SwiftUI // adapter needs: …`.
    public static let swiftUIWaiver = "adapter needs:"

    /// Every import-rule violation in the tree, in file order.
    public static func check(_ tree: CheckedTree) throws(AppLayerCheckError) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        for file in tree.files(under: "Sources", suffix: ".swift")
            + tree.files(under: "Tests", suffix: ".swift")
        {
            for item in SwiftImport.imports(in: try tree.text(file))
            where appleOnlyFrameworks.contains(item.module) {
                found.append(
                    AppLayerViolation(
                        rule: .appleFrameworkInRoot, file: file, line: item.line,
                        message:
                            "imports \(item.module), an Apple-only framework; the root package builds on Linux, move this code to Apps/"
                    ))
            }
        }
        for file in tree.files(under: "Apps", suffix: ".swift") {
            let module = appModule(of: file)
            for item in SwiftImport.imports(in: try tree.text(file)) {
                found += violations(of: item, in: file, module: module)
            }
        }
        return found
    }

    /// The module a file under `Apps/Sources/<Module>/` belongs to, if any.
    static func appModule(of file: String) -> String? {
        let parts = file.split(separator: "/")
        guard parts.count > 3, parts[0] == "Apps", parts[1] == "Sources" else { return nil }
        return String(parts[2])
    }

    private static func violations(of item: SwiftImport, in file: String, module: String?)
        -> [AppLayerViolation]
    {
        var found: [AppLayerViolation] = []
        if linuxDeliveryModules.contains(item.module)
            || linuxDeliveryPrefixes.contains(where: item.module.hasPrefix)
        {
            found.append(
                AppLayerViolation(
                    rule: .serverModuleInApp, file: file, line: item.line,
                    message: "imports \(item.module); the apps never link server, CLI or Cairo modules"))
        }
        if let module, module.hasSuffix("UI"), storageModules.contains(item.module) {
            found.append(
                AppLayerViolation(
                    rule: .storageInUI, file: file, line: item.line,
                    message:
                        "\(module) imports \(item.module); a view reads its model's state, the model reaches storage"
                ))
        }
        if let module, module.hasSuffix("Live"), item.module == "SwiftUI",
            !(item.trailingComment?.lowercased().hasPrefix(swiftUIWaiver) ?? false)
        {
            found.append(
                AppLayerViolation(
                    rule: .swiftUIInLive, file: file, line: item.line,
                    message:
                        "\(module) imports SwiftUI; an adapter maps a framework to a protocol (write `// \(swiftUIWaiver) <why>` if it must)"
                ))
        }
        return found
    }
}

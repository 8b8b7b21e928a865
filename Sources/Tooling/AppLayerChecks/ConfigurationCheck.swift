import Foundation

/// Checks `Apps/project.yml` against the tree: the paths and products it names exist, and each
/// app's Info.plist, entitlements and privacy manifest parse and carry what its code needs
/// (``AdapterNeeds``).
public enum ConfigurationCheck {
    /// The spec's location in the tree.
    public static let specPath = "Apps/project.yml"
    /// The Mac workflow's location in the tree.
    public static let workflowPath = ".github/workflows/apple.yml"

    /// Every configuration violation, spec order.
    public static func check(_ tree: CheckedTree) -> [AppLayerViolation] {
        let spec: ProjectSpec
        do {
            spec = try ProjectSpec(yaml: try tree.text(specPath))
        } catch let error as AppLayerCheckError {
            return [AppLayerViolation(rule: .projectSpec, file: specPath, message: error.description)]
        } catch let error as SpecParseError {
            return [
                AppLayerViolation(
                    rule: .projectSpec, file: specPath, message: "does not parse: \(error.message)")
            ]
        } catch {
            return [AppLayerViolation(rule: .projectSpec, file: specPath, message: String(describing: error))]
        }
        var found = pathViolations(spec, tree)
        found += productViolations(spec, tree)
        for target in spec.targets where target.isApplication {
            found += AppConfiguration(target: target, spec: spec, tree: tree).violations()
        }
        return found + workflowViolations(spec, tree) + BundledDataCheck.violations(spec, tree)
    }

    /// Every app target must be named in the Mac workflow, which builds each app's scheme.
    private static func workflowViolations(_ spec: ProjectSpec, _ tree: CheckedTree) -> [AppLayerViolation] {
        let apps = spec.targets.filter(\.isApplication).map(\.name)
        guard !apps.isEmpty else { return [] }
        guard let workflow = try? tree.text(workflowPath) else {
            return [
                AppLayerViolation(
                    rule: .workflowScheme, file: workflowPath,
                    message: "missing: nothing builds the apps on a Mac")
            ]
        }
        let words = Set(
            workflow.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }).map(
                String.init))
        return apps.filter { !words.contains($0) }.map { app in
            AppLayerViolation(
                rule: .workflowScheme, file: workflowPath,
                message: "does not build app \(app) (add its scheme to the build step)")
        }
    }

    /// `path` (as written in the spec, relative to `Apps/`) relative to the tree's root,
    /// with `.` and `..` resolved.
    static func resolve(_ path: String) -> String {
        var parts: [Substring] = ["Apps"]
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private static func pathViolations(_ spec: ProjectSpec, _ tree: CheckedTree) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        func require(_ path: String?, _ what: String) {
            guard let path, !tree.exists(resolve(path)) else { return }
            found.append(
                AppLayerViolation(
                    rule: .projectPath, file: specPath,
                    message: "\(what) `\(path)` does not exist (looked for \(resolve(path)))"))
        }
        for package in spec.packages {
            guard let path = package.path else { continue }
            let manifest = resolve(path) == "." ? "Package.swift" : resolve(path) + "/Package.swift"
            if !tree.exists(manifest) {
                found.append(
                    AppLayerViolation(
                        rule: .projectPath, file: specPath,
                        message:
                            "package \(package.name)'s path `\(path)` holds no Package.swift (looked for \(manifest))"
                    ))
            }
        }
        for target in spec.targets {
            for source in target.sources { require(source, "target \(target.name)'s source") }
            require(target.infoPlist, "target \(target.name)'s Info.plist")
            require(target.entitlements, "target \(target.name)'s entitlements")
        }
        for path in spec.otherPaths { require(path, "file group") }
        return found
    }

    private static func productViolations(_ spec: ProjectSpec, _ tree: CheckedTree) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        for target in spec.targets {
            for dependency in target.products {
                guard let package = spec.packages.first(where: { $0.name == dependency.package }) else {
                    found.append(
                        AppLayerViolation(
                            rule: .projectProduct, file: specPath,
                            message:
                                "target \(target.name) links package \(dependency.package), which `packages` does not declare"
                        ))
                    continue
                }
                guard let manifest = manifest(of: package, tree), let folder = packageFolder(package) else {
                    continue
                }
                guard let modules = manifest.targetsByProduct[dependency.product] else {
                    found.append(
                        AppLayerViolation(
                            rule: .projectProduct, file: specPath,
                            message:
                                "target \(target.name) links product \(dependency.product), which package \(package.name) does not declare"
                        ))
                    continue
                }
                for module in modules {
                    let sources = (folder == "." ? "" : "\(folder)/") + manifest.sourceFolder(of: module)
                    if tree.files(under: sources, suffix: ".swift").isEmpty {
                        found.append(
                            AppLayerViolation(
                                rule: .projectProduct, file: specPath,
                                message:
                                    "target \(target.name) links product \(dependency.product), whose module \(module) has no Swift file in \(sources)"
                            ))
                    }
                }
            }
        }
        return found
    }

    /// The manifest of a local package, or `nil` for a remote or missing one.
    static func manifest(of package: ProjectSpec.Package, _ tree: CheckedTree) -> PackageManifest? {
        guard let folder = packageFolder(package) else { return nil }
        guard let text = try? tree.text(folder == "." ? "Package.swift" : folder + "/Package.swift") else {
            return nil
        }
        return PackageManifest(text: text)
    }

    /// A local package's folder relative to the tree's root.
    static func packageFolder(_ package: ProjectSpec.Package) -> String? {
        package.path.map(resolve)
    }
}

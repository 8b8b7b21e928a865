import Foundation

/// Data an app reads from its bundle that is not committed (too large, or built from pinned
/// downloads): a build script in `Apps/project.yml` must make it and copy it into the app, the
/// scripts build phases run must exist, and the Mac workflow must check the built app holds it.
public enum BundledDataCheck {
    /// A file an app target bundles, and the repository script that makes it.
    public struct Requirement: Sendable, Equatable {
        /// The app target (`PhotoWrapped`).
        public var app: String
        /// The file name in the bundle (`gazetteer-cities500.tsv.gz`).
        public var file: String
        /// The script that makes it, relative to the repository root (`scripts/fetch-data`).
        public var script: String
    }

    /// What the apps bundle: Photo Wrapped names places offline from the GeoNames gazetteer
    /// (`PhotoWrappedComposition.gazetteerResource`), built by `scripts/fetch-data`.
    public static let requirements = [
        Requirement(app: "PhotoWrapped", file: "gazetteer-cities500.tsv.gz", script: "scripts/fetch-data")
    ]

    /// Every violation, spec order: a required file no build script makes, a script a build
    /// phase runs that does not exist, a workflow that never checks the built app.
    static func violations(_ spec: ProjectSpec, _ tree: CheckedTree) -> [AppLayerViolation] {
        var found: [AppLayerViolation] = []
        for target in spec.targets {
            for script in target.buildScripts {
                for path in repositoryScripts(in: script.script) where !tree.exists(path) {
                    found.append(
                        AppLayerViolation(
                            rule: .bundledData, file: ConfigurationCheck.specPath,
                            message:
                                "target \(target.name)'s build script \(script.name.map { "'\($0)' " } ?? "")runs \(path), which does not exist"
                        ))
                }
            }
        }
        let workflow = try? tree.text(ConfigurationCheck.workflowPath)
        for requirement in requirements {
            guard let target = spec.targets.first(where: { $0.name == requirement.app }) else { continue }
            let makes = target.buildScripts.contains { script in
                repositoryScripts(in: script.script).contains(requirement.script)
                    && (script.script.contains(requirement.file)
                        || script.outputFiles.contains { $0.hasSuffix("/" + requirement.file) })
            }
            if !makes {
                found.append(
                    AppLayerViolation(
                        rule: .bundledData, file: ConfigurationCheck.specPath,
                        message:
                            "target \(requirement.app) bundles no \(requirement.file): add a build script that runs \(requirement.script) and copies the file into the app"
                    ))
            }
            if let workflow, !workflow.contains(requirement.file) {
                found.append(
                    AppLayerViolation(
                        rule: .bundledData, file: ConfigurationCheck.workflowPath,
                        message: "never checks that the built \(requirement.app).app holds \(requirement.file)"))
            }
        }
        return found
    }

    /// The repository scripts a build script's text runs, as paths from the repository root:
    /// every `../scripts/NAME` (the spec's folder is `Apps/`, so `$SRCROOT/../scripts/NAME`).
    static func repositoryScripts(in text: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "../scripts/") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || "-_.".contains($0) }
            if !name.isEmpty { paths.append("scripts/" + name) }
            rest = rest[range.upperBound...]
        }
        return paths
    }
}

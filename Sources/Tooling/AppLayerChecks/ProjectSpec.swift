/// What the checker reads from `Apps/project.yml` (XcodeGen): the local packages and each
/// target with its templates applied.
///
/// Paths are as written in the spec, relative to the spec's folder (`Apps/`).
public struct ProjectSpec: Sendable, Equatable {
    /// A package the project references.
    public struct Package: Sendable, Equatable {
        /// The name targets use in `dependencies: - package: <name>`.
        public var name: String
        /// The folder of a local package (`..`, `.`); `nil` for a remote one.
        public var path: String?
    }

    /// A package product a target links.
    public struct ProductDependency: Sendable, Equatable {
        /// The package's name in ``ProjectSpec/packages``.
        public var package: String
        /// The product (XcodeGen links the package's product of the same name when omitted).
        public var product: String

        /// A dependency on `product` of `package`.
        public init(package: String, product: String) {
            self.package = package
            self.product = product
        }
    }

    /// A build phase script of a target (`preBuildScripts`, `postCompileScripts`, `postBuildScripts`).
    public struct BuildScript: Sendable, Equatable {
        /// The phase's name.
        public var name: String?
        /// The shell text (`script`), or the file it runs (`path`).
        public var script: String
        /// The files it declares it writes (`outputFiles`).
        public var outputFiles: [String]

        /// A script with its parts.
        public init(name: String?, script: String, outputFiles: [String]) {
            self.name = name
            self.script = script
            self.outputFiles = outputFiles
        }
    }

    /// One target, templates applied and `${target_name}` substituted.
    public struct Target: Sendable, Equatable {
        /// The target's name.
        public var name: String
        /// XcodeGen's product type (`application`, `framework`…).
        public var type: String?
        /// Source folders and files.
        public var sources: [String]
        /// The Info.plist (`info.path` or the `INFOPLIST_FILE` setting).
        public var infoPlist: String?
        /// The entitlements (`entitlements.path` or the `CODE_SIGN_ENTITLEMENTS` setting).
        public var entitlements: String?
        /// Package products linked.
        public var products: [ProductDependency]
        /// Its build phase scripts, pre-build first, then post-compile, then post-build.
        public var buildScripts: [BuildScript] = []
        /// Whether this target is an app (what the Info.plist needs apply to).
        public var isApplication: Bool { type == "application" }
    }

    /// Packages by name, in spec order.
    public var packages: [Package]
    /// Targets, in spec order.
    public var targets: [Target]
    /// Other paths the spec names (`fileGroups`, `configFiles`).
    public var otherPaths: [String]

    /// Reads a spec.
    /// - Throws: ``SpecParseError`` when the YAML does not parse or has no `targets` mapping.
    public init(yaml: String) throws(SpecParseError) {
        let document = try SpecValue.parse(yaml: yaml)
        guard case .map = document["targets"] ?? .null else {
            throw SpecParseError(message: "no `targets` mapping")
        }
        packages = (document["packages"]?.pairs ?? []).map { name, value in
            Package(name: name, path: value["path"]?.string)
        }
        let templates = document["targetTemplates"]?.pairs ?? []
        targets = (document["targets"]?.pairs ?? []).map { name, value in
            Self.target(name: name, value, templates: templates)
        }
        otherPaths =
            (document["fileGroups"]?.items ?? []).compactMap(\.string)
            + (document["configFiles"]?.pairs ?? []).compactMap { $0.1.string }
    }

    private static func target(name: String, _ value: SpecValue, templates: [(String, SpecValue)]) -> Target {
        var resolved = SpecValue.map([])
        for templateName in (value["templates"]?.items ?? []).compactMap(\.string) {
            if let template = templates.first(where: { $0.0 == templateName })?.1 {
                resolved = resolved.overlaid(with: template)
            }
        }
        resolved = resolved.overlaid(with: value).substituting("${target_name}", with: name)
        let settings = resolved["settings"]
        func setting(_ key: String) -> String? {
            settings?["base"]?[key]?.string ?? settings?[key]?.string
        }
        return Target(
            name: name,
            type: resolved["type"]?.string,
            sources: (resolved["sources"]?.items ?? []).compactMap { $0.string ?? $0["path"]?.string },
            infoPlist: resolved["info"]?["path"]?.string ?? setting("INFOPLIST_FILE"),
            entitlements: resolved["entitlements"]?["path"]?.string ?? setting("CODE_SIGN_ENTITLEMENTS"),
            products: (resolved["dependencies"]?.items ?? []).compactMap { item in
                guard let package = item["package"]?.string else { return nil }
                return ProductDependency(package: package, product: item["product"]?.string ?? package)
            },
            buildScripts: ["preBuildScripts", "postCompileScripts", "postBuildScripts"].flatMap { phase in
                (resolved[phase]?.items ?? []).compactMap { item -> BuildScript? in
                    guard let script = item["script"]?.string ?? item["path"]?.string else { return nil }
                    return BuildScript(
                        name: item["name"]?.string, script: script,
                        outputFiles: (item["outputFiles"]?.items ?? []).compactMap(\.string))
                }
            }
        )
    }
}

/// The products and targets a `Package.swift` declares, read from its text (no manifest is
/// evaluated).
///
/// Enough for the configuration check: it finds `.library(name: "X", targets: ["A"])`,
/// `.executable(…)`, and `.target(name: "A", dependencies: ["B", .product(name: "C", …)])`
/// calls written the usual way (a literal name first). Dependencies are the quoted names in the
/// `dependencies:` list, so a product dependency contributes its product and package names.
public struct PackageManifest: Sendable, Equatable {
    /// Product name → the targets it is made of.
    public var targetsByProduct: [String: [String]]
    /// Target name → the names in its `dependencies:` list.
    public var dependenciesByTarget: [String: [String]]
    /// Every target the manifest declares, system libraries included, in the order written.
    public var declarations: [TargetDeclaration]

    /// One target as declared: its kind, its `path:` and the names in its `dependencies:` list.
    public struct TargetDeclaration: Sendable, Equatable {
        /// How a target is declared.
        public enum Kind: String, Sendable, Equatable {
            /// `.target(…)`
            case regular
            /// `.executableTarget(…)`
            case executable
            /// `.testTarget(…)`
            case test
            /// `.systemLibrary(…)`
            case systemLibrary
        }

        /// The target's name.
        public var name: String
        /// How it is declared.
        public var kind: Kind
        /// Its `path:` argument, nil when it has none (SwiftPM's default folder).
        public var path: String?
        /// The quoted names in its `dependencies:` list (a product dependency gives its product
        /// and package names).
        public var dependencies: [String]

        /// Creates a declaration.
        public init(name: String, kind: Kind, path: String? = nil, dependencies: [String] = []) {
            self.name = name
            self.kind = kind
            self.path = path
            self.dependencies = dependencies
        }
    }

    /// Reads `manifest`.
    public init(text manifest: String) {
        var products: [String: [String]] = [:]
        for call in Self.calls(named: [".library(", ".executable("], in: manifest) {
            if let name = Self.quoted(after: "name:", in: call) {
                products[name] = Self.list(after: "targets:", in: call)
            }
        }
        var targets: [String: [String]] = [:]
        for call in Self.calls(named: [".target(", ".executableTarget(", ".testTarget("], in: manifest) {
            if let name = Self.quoted(after: "name:", in: call) {
                targets[name] = Self.list(after: "dependencies:", in: call)
            }
        }
        targetsByProduct = products
        dependenciesByTarget = targets
        let kinds: [(String, TargetDeclaration.Kind)] = [
            (".target(", .regular), (".executableTarget(", .executable), (".testTarget(", .test),
            (".systemLibrary(", .systemLibrary),
        ]
        declarations = kinds.flatMap { call, kind in
            Self.calls(named: [call], in: manifest).compactMap { arguments -> (String.Index, TargetDeclaration)? in
                guard let name = Self.quoted(after: "name:", in: arguments) else { return nil }
                let declaration = TargetDeclaration(
                    name: name, kind: kind, path: Self.quoted(after: "path:", in: arguments),
                    dependencies: Self.list(after: "dependencies:", in: arguments))
                return (arguments.startIndex, declaration)
            }
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The folder holding `target`'s files, relative to the package: its `path:`, else SwiftPM's
    /// default (`Sources/<target>`, `Tests/<target>` for a test target).
    public func sourceFolder(of target: String) -> String {
        let declaration = declarations.first { $0.name == target }
        return declaration?.path ?? "\(declaration?.kind == .test ? "Tests" : "Sources")/\(target)"
    }

    /// The argument text of every call to one of `names`, parentheses balanced.
    private static func calls(named names: [String], in text: String) -> [Substring] {
        var found: [Substring] = []
        for name in names {
            var rest = text[...]
            while let start = rest.range(of: name) {
                var depth = 1
                var end = start.upperBound
                while end < rest.endIndex, depth > 0 {
                    if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                    end = rest.index(after: end)
                }
                found.append(rest[start.upperBound..<end])
                rest = rest[start.upperBound...]
            }
        }
        return found
    }

    /// The first double-quoted string after `label`.
    private static func quoted(after label: String, in text: Substring) -> String? {
        guard let labelRange = text.range(of: label) else { return nil }
        return quotedStrings(in: text[labelRange.upperBound...]).first
    }

    /// The quoted strings inside the `[ … ]` after `label`, brackets balanced.
    private static func list(after label: String, in text: Substring) -> [String] {
        guard let labelRange = text.range(of: label),
            let open = text[labelRange.upperBound...].firstIndex(of: "[")
        else { return [] }
        var depth = 0
        var end = open
        repeat {
            if text[end] == "[" { depth += 1 } else if text[end] == "]" { depth -= 1 }
            end = text.index(after: end)
        } while end < text.endIndex && depth > 0
        return quotedStrings(in: text[open..<end])
    }

    private static func quotedStrings(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

/// Runs every app-layer check on a tree: syntax (``SyntaxCheck``), imports (``ImportRules``) and
/// configuration (``ConfigurationCheck``).
public struct AppLayerChecker: Sendable {
    /// The tree checked.
    public var tree: CheckedTree

    /// A checker for `tree`.
    public init(tree: CheckedTree) {
        self.tree = tree
    }

    /// All violations: syntax first, then imports, then configuration.
    /// - Throws: ``AppLayerCheckError`` when a check cannot run (no `swiftc`, an unreadable file).
    public func violations() throws(AppLayerCheckError) -> [AppLayerViolation] {
        try SyntaxCheck.check(tree) + ImportRules.check(tree) + ConfigurationCheck.check(tree)
    }
}

/// Runs every app-layer check on a tree: syntax (``SyntaxCheck``), imports (``ImportRules``) and
/// configuration (``ConfigurationCheck``) and reachability (``ReachabilityCheck``).
public struct AppLayerChecker: Sendable {
    /// The tree checked.
    public var tree: CheckedTree

    /// A checker for `tree`.
    public init(tree: CheckedTree) {
        self.tree = tree
    }

    /// All violations: syntax first, then imports, configuration and reachability.
    /// - Throws: ``AppLayerCheckError`` when a check cannot run (no `swiftc`, an unreadable file).
    public func violations() throws(AppLayerCheckError) -> [AppLayerViolation] {
        try SyntaxCheck.check(tree) + ImportRules.check(tree) + ConfigurationCheck.check(tree)
            + ReachabilityCheck.check(tree)
    }
}

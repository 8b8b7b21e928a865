/// Runs every app-layer check on a tree: syntax (``SyntaxCheck``), imports (``ImportRules``),
/// configuration (``ConfigurationCheck``), reachability (``ReachabilityCheck``), and the view
/// code's accessibility labels (``AccessibilityLabelCheck``), font sizes
/// (``FixedFontSizeCheck``) and copy (``ViewLiteralCheck``).
public struct AppLayerChecker: Sendable {
    /// The tree checked.
    public var tree: CheckedTree

    /// A checker for `tree`.
    public init(tree: CheckedTree) {
        self.tree = tree
    }

    /// All violations: syntax first, then imports, configuration, reachability, accessibility
    /// labels, fixed font sizes and view literals.
    /// - Throws: ``AppLayerCheckError`` when a check cannot run (no `swiftc`, an unreadable file).
    public func violations() throws(AppLayerCheckError) -> [AppLayerViolation] {
        try SyntaxCheck.check(tree) + ImportRules.check(tree) + ConfigurationCheck.check(tree)
            + ReachabilityCheck.check(tree) + AccessibilityLabelCheck.check(tree) + FixedFontSizeCheck.check(tree)
            + ViewLiteralCheck.check(tree)
    }
}

import SwiftSyntax

/// Rule `fixed-font-size`: text in the view code scales with Dynamic Type. Finds, in the `*UI`
/// modules under `Apps/Sources/` and the app folders, a `.system(size:…)` font
/// (`.font(.system(size: 56))`, `Font.system(size:weight:)`) and a `.custom(_:size:)` or
/// `.custom(_:fixedSize:)` font without `relativeTo:`. A line ending in
/// `// fixed-size: <reason>` is allowed (a rendered image of a fixed pixel size).
public enum FixedFontSizeCheck {
    /// The comment that allows a fixed size on its line.
    public static let waiver = "// fixed-size:"

    /// Every violation in the view code, file by file in path order.
    /// - Throws: ``AppLayerCheckError`` when a file cannot be read.
    public static func check(_ tree: CheckedTree) throws(AppLayerCheckError) -> [AppLayerViolation] {
        try ViewSourceFile.all(in: tree).flatMap(violations(in:))
    }

    /// The violations in one parsed file, in source order.
    static func violations(in file: ViewSourceFile) -> [AppLayerViolation] {
        let finder = Finder(file: file)
        finder.walk(file.syntax)
        return finder.found
    }

    private final class Finder: SyntaxVisitor {
        let file: ViewSourceFile
        var found: [AppLayerViolation] = []

        init(file: ViewSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.calledExpression.is(MemberAccessExprSyntax.self) else { return .visitChildren }
            let labels = node.arguments.map { $0.label?.text }
            let message: String?
            switch ViewSyntax.calleeName(node) {
            case "system" where labels.contains("size"):
                message =
                    "\(node.trimmedDescription) is a fixed font size that ignores Dynamic Type: use a text style (.title, .largeTitle, .body…), or @ScaledMetric for the size"
            case "custom" where (labels.contains("size") && !labels.contains("relativeTo")) || labels.contains("fixedSize"):
                message =
                    "\(node.trimmedDescription) is a fixed font size that ignores Dynamic Type: use Font.custom(_:size:relativeTo:) with a text style"
            default:
                message = nil
            }
            let line = file.line(of: node)
            if let message, !file.text(ofLine: line).contains(FixedFontSizeCheck.waiver) {
                found.append(AppLayerViolation(rule: .fixedFontSize, file: file.path, line: line, message: message))
            }
            return .visitChildren
        }
    }
}

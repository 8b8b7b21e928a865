import SwiftParser
import SwiftSyntax

/// One Swift file of view code (a `*UI` module under `Apps/Sources/` or an app folder under
/// `Apps/`), parsed once for the rules that read SwiftUI as syntax (no type checking).
struct ViewSourceFile {
    /// The path relative to the checked tree's root.
    var path: String
    /// The parsed file.
    var syntax: SourceFileSyntax
    /// The file's lines (for trailing `// not-copy:` comments).
    var lines: [Substring]
    private var converter: SourceLocationConverter

    /// Parses `text`.
    init(path: String, text: String) {
        self.path = path
        syntax = Parser.parse(source: text)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        converter = SourceLocationConverter(fileName: path, tree: syntax)
    }

    /// The 1-based line where `node` starts (after its leading trivia).
    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The text of a 1-based line, empty when out of range.
    func text(ofLine line: Int) -> Substring {
        line >= 1 && line <= lines.count ? lines[line - 1] : ""
    }

    /// The view code the rules read: every Swift file of a module under `Apps/Sources/` whose
    /// name ends in `UI`, and of every app folder (`Apps/<App>/`, any folder beside `Sources` and
    /// `Tests`).
    static func all(in tree: CheckedTree) throws(AppLayerCheckError) -> [ViewSourceFile] {
        let modules = tree.subfolders(of: "Apps/Sources").filter { $0.hasSuffix("UI") }.map { "Apps/Sources/\($0)" }
        let apps = tree.subfolders(of: "Apps").filter { $0 != "Sources" && $0 != "Tests" }.map { "Apps/\($0)" }
        var files: [ViewSourceFile] = []
        for folder in modules + apps {
            for path in tree.files(under: folder, suffix: ".swift") {
                files.append(ViewSourceFile(path: path, text: try tree.text(path)))
            }
        }
        return files
    }
}

/// How the rules read SwiftUI from syntax: the name a call makes, the modifiers chained on a view,
/// and the calls that enclose an expression.
enum ViewSyntax {
    /// The name of a call's callee: `Button` for `Button(…)`; a member callee (`.font(…)`,
    /// `x.font(…)`, `Font.system(…)`) gives its last name.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        return nil
    }

    /// The name of a call whose callee is a plain type or function name (`Button`, `HStack`, `t`),
    /// nil for a member call (`.font(…)`, `Font.custom(…)`).
    static func viewName(_ call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The modifiers applied to `expression` from outside, innermost first: each `.name(…)` call
    /// that takes it (or a modifier built on it) as its base.
    static func outerModifiers(of expression: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        var found: [FunctionCallExprSyntax] = []
        var current = Syntax(expression)
        while let access = current.parent?.as(MemberAccessExprSyntax.self), access.base?.id == current.id {
            guard let call = access.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == access.id
            else { break }
            found.append(call)
            current = Syntax(call)
        }
        return found
    }

    /// The modifiers under a modifier call, outermost first (`.a().b()` seen from `b`: `a`).
    static func innerModifiers(of call: FunctionCallExprSyntax) -> [FunctionCallExprSyntax] {
        var found: [FunctionCallExprSyntax] = []
        var current = call
        while let access = current.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base?.as(FunctionCallExprSyntax.self),
            base.calledExpression.is(MemberAccessExprSyntax.self)
        {
            found.append(base)
            current = base
        }
        return found
    }

    /// The whole chain a call sits in: the call's own inner modifiers and every outer one.
    static func chain(of call: FunctionCallExprSyntax) -> [FunctionCallExprSyntax] {
        innerModifiers(of: call) + [call] + outerModifiers(of: call)
    }

    /// The calls that enclose `node` (it sits in one of their arguments or closures, not in their
    /// callee), innermost first.
    static func enclosingCalls(of node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        var found: [FunctionCallExprSyntax] = []
        var current = Syntax(node)
        while let parent = current.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != current.id {
                found.append(call)
            }
            current = parent
        }
        return found
    }

    /// Whether a chain of modifiers makes the view it is on labelled or hidden for VoiceOver:
    /// `.accessibilityLabel`, `.accessibilityHidden` (any argument but `false`),
    /// `.accessibilityRepresentation`.
    static func labelsOrHides(_ modifiers: [FunctionCallExprSyntax]) -> Bool {
        modifiers.contains { modifier in
            switch calleeName(modifier) {
            case "accessibilityLabel", "accessibilityRepresentation": return true
            case "accessibilityHidden": return modifier.arguments.first?.expression.trimmedDescription != "false"
            default: return false
            }
        }
    }

    /// Whether a chain hides its view from VoiceOver (`.accessibilityHidden(…)` but `false`).
    static func hides(_ modifiers: [FunctionCallExprSyntax]) -> Bool {
        modifiers.contains { modifier in
            calleeName(modifier) == "accessibilityHidden"
                && modifier.arguments.first?.expression.trimmedDescription != "false"
        }
    }

    /// Whether a chain makes one accessibility element of its children
    /// (`.accessibilityElement(children: .combine)` or `.ignore`) that carries a label: its own
    /// `.accessibilityLabel`, or, combined, a `Text`/`Label` among the children of `view`.
    static func groupsWithLabel(_ modifiers: [FunctionCallExprSyntax], view: FunctionCallExprSyntax) -> Bool {
        let grouping = modifiers.compactMap { modifier -> String? in
            guard calleeName(modifier) == "accessibilityElement" else { return nil }
            return modifier.arguments.first(where: { $0.label?.text == "children" })?.expression.trimmedDescription
                ?? ".ignore"
        }
        guard let kind = grouping.last, kind == ".combine" || kind == ".ignore" else { return false }
        if modifiers.contains(where: { calleeName($0) == "accessibilityLabel" }) { return true }
        return kind == ".combine" && containsText(Syntax(view))
    }

    /// Views that show no words: images, shapes, colours, spacing, and the containers around them.
    static let wordlessViews: Set<String> = [
        "Image", "AsyncImage", "Spacer", "Divider", "Color", "Circle", "Rectangle", "RoundedRectangle",
        "Capsule", "Ellipse", "UnevenRoundedRectangle", "ContainerRelativeShape", "HStack", "VStack",
        "ZStack", "Group", "LazyHStack", "LazyVStack", "ForEach", "EmptyView", "ProgressView", "Canvas",
    ]

    /// Whether `node` holds words a label can come from: a `Text` or `Label`, a view the reader
    /// does not know (it may show text: benefit of the doubt), or no view call at all (a view
    /// passed in as a value).
    static func containsWords(_ node: Syntax) -> Bool {
        let names = ViewNames(viewMode: .sourceAccurate)
        names.walk(node)
        if names.all.isEmpty { return true }
        return names.all.contains { !wordlessViews.contains($0) }
    }

    /// Whether `node` holds a `Text` or `Label` call.
    static func containsText(_ node: Syntax) -> Bool {
        let names = ViewNames(viewMode: .sourceAccurate)
        names.walk(node)
        return names.all.contains("Text") || names.all.contains("Label")
    }

    /// The capitalised plain-name calls (views) under a node.
    private final class ViewNames: SyntaxVisitor {
        var all: [String] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = ViewSyntax.viewName(node), name.first?.isUppercase == true { all.append(name) }
            return .visitChildren
        }
    }
}

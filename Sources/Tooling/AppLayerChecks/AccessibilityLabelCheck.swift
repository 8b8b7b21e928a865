import SwiftSyntax

/// Rule `accessibility-label`: every control and meaningful image in the view code has a label
/// VoiceOver can read, read from syntax (SwiftSyntax, no type checking) over the `*UI` modules
/// under `Apps/Sources/` and the app folders.
///
/// It finds:
/// - an `Image(…)` (`systemName:`, an asset name, `uiImage:`…) or `AsyncImage(…)` that is not
///   `Image(decorative:)`, not inside a `Label`, not inside a control (the control's own check
///   covers it), with neither `.accessibilityLabel` nor `.accessibilityHidden` on it nor an
///   enclosing element that hides it or groups it with a label
///   (`.accessibilityElement(children: .ignore)` + `.accessibilityLabel`, or `.combine` over a
///   `Text`/`Label`); an image stored as a value (`let icon = Image(…)`, `x = y.map { Image(…) }`)
///   is not checked there (it is labelled where it is shown);
/// - a control (``controls``) with no title argument, no `Text`/`Label` (or view the reader does
///   not know, which may show words) in its label, and no `.accessibilityLabel`;
/// - a view with `.onTapGesture` and neither `.accessibilityAddTraits(.isButton)` nor
///   `.accessibilityAction` in its chain, unless it or an enclosing view is hidden (a gesture
///   layer whose action VoiceOver reaches another way);
/// - a drawing VoiceOver cannot read (``drawings``: a `Canvas`, the raster `TileMapView`, a `Map`
///   whose content draws `MapCircle`/`MapPolyline`/`MapPolygon` overlays) with no
///   `.accessibilityLabel`/`.accessibilityValue`, not hidden and not inside a labelled group.
public enum AccessibilityLabelCheck {
    /// The controls that need a label.
    public static let controls: Set<String> = [
        "Button", "Link", "NavigationLink", "Menu", "Toggle", "Picker", "Slider", "Stepper", "ShareLink",
    ]

    /// Views that draw what VoiceOver cannot read by itself.
    public static let drawings: Set<String> = ["Canvas", "TileMapView", "Map"]

    /// Map content that draws overlays (a `Map` holding one is a drawing).
    static let mapOverlays: Set<String> = ["MapCircle", "MapPolyline", "MapPolygon"]

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
            if let name = ViewSyntax.viewName(node) {
                if name == "Image" || name == "AsyncImage" {
                    checkImage(node, name: name)
                } else if controls.contains(name) {
                    checkControl(node, name: name)
                } else if drawings.contains(name) {
                    checkDrawing(node, name: name)
                }
            } else if ViewSyntax.calleeName(node) == "onTapGesture", node.calledExpression.is(MemberAccessExprSyntax.self) {
                checkTap(node)
            }
            return .visitChildren
        }

        /// Whether an enclosing view hides `node` or groups it into a labelled element.
        private func enclosedByLabelledElement(_ node: FunctionCallExprSyntax) -> Bool {
            ViewSyntax.enclosingCalls(of: node).contains { outer in
                let modifiers = ViewSyntax.outerModifiers(of: outer)
                return ViewSyntax.hides(modifiers) || ViewSyntax.groupsWithLabel(modifiers, view: outer)
            }
        }

        private func checkImage(_ image: FunctionCallExprSyntax, name: String) {
            if image.arguments.first?.label?.text == "decorative" { return }
            if Self.isStoredValue(image) { return }  // labelled where it is shown, which syntax cannot follow
            if ViewSyntax.labelsOrHides(ViewSyntax.outerModifiers(of: image)) { return }
            for outer in ViewSyntax.enclosingCalls(of: image) {
                let outerName = ViewSyntax.viewName(outer)
                if outerName == "Label" || outerName.map(controls.contains) == true { return }
                if ViewSyntax.calleeName(outer) == "tabItem", ViewSyntax.containsText(Syntax(outer)) { return }
                let modifiers = ViewSyntax.outerModifiers(of: outer)
                if ViewSyntax.hides(modifiers) || ViewSyntax.groupsWithLabel(modifiers, view: outer) { return }
            }
            report(
                image,
                "\(describe(image, name: name)) has no accessibility label: add .accessibilityLabel(\"…\") saying what it shows, or .accessibilityHidden(true) (Image(decorative:) for an asset) if it is decoration"
            )
        }

        private func checkControl(_ control: FunctionCallExprSyntax, name: String) {
            if let first = control.arguments.first, first.label == nil, !first.expression.is(ClosureExprSyntax.self) {
                return  // a title: `Button("Save")`, `Toggle(model.title, isOn:)`
            }
            if control.arguments.contains(where: { ["title", "titleKey"].contains($0.label?.text) }) { return }
            if ViewSyntax.labelsOrHides(ViewSyntax.outerModifiers(of: control)) { return }
            if enclosedByLabelledElement(control) { return }
            let content = labelContent(of: control, name: name)
            if content.isEmpty, name == "ShareLink" { return }  // the system's "Share" label
            if content.contains(where: ViewSyntax.containsWords) { return }
            report(
                control,
                "\(name) has no label VoiceOver can read (\(content.isEmpty ? "no title" : "its label is only an image or a shape")): give it a title (\(name)(\"…\", …)), a Text or Label in its label, or .accessibilityLabel(\"…\")"
            )
        }

        /// The parts of a control that make its label: `label:` arguments and closures, or the
        /// trailing closure where that is the label (`Button(action:) { … }`,
        /// `NavigationLink(value:) { … }`, `Toggle(isOn:) { … }`).
        private func labelContent(of control: FunctionCallExprSyntax, name: String) -> [Syntax] {
            var content: [Syntax] = control.arguments.filter { $0.label?.text == "label" }.map { Syntax($0.expression) }
            content += control.additionalTrailingClosures.filter { $0.label.text == "label" }.map { Syntax($0.closure) }
            guard content.isEmpty, let trailing = control.trailingClosure else { return content }
            let trailingIsLabel =
                switch name {
                case "NavigationLink", "Link", "Toggle", "Slider", "Stepper", "ShareLink": true
                case "Button": control.arguments.contains { ["action", "intent"].contains($0.label?.text) }
                default: false
                }
            return trailingIsLabel ? [Syntax(trailing)] : []
        }

        private func checkTap(_ tap: FunctionCallExprSyntax) {
            let chain = ViewSyntax.chain(of: tap)
            let accessible = chain.contains { modifier in
                switch ViewSyntax.calleeName(modifier) {
                case "accessibilityAction", "accessibilityActions": true
                case "accessibilityAddTraits": modifier.arguments.trimmedDescription.contains("isButton")
                default: false
                }
            }
            // A hidden gesture layer: the element offers the action to VoiceOver another way.
            if accessible || ViewSyntax.hides(chain) { return }
            if ViewSyntax.enclosingCalls(of: tap).contains(where: { ViewSyntax.hides(ViewSyntax.outerModifiers(of: $0)) }) {
                return
            }
            report(
                tap,
                "a view with .onTapGesture is no control for VoiceOver: make it a Button, or add .accessibilityAddTraits(.isButton) and a label (or .accessibilityAction)"
            )
        }

        private func checkDrawing(_ drawing: FunctionCallExprSyntax, name: String) {
            if name == "Map" {
                let names = OverlayNames(viewMode: .sourceAccurate)
                names.walk(drawing)
                guard names.found else { return }
            }
            let modifiers = ViewSyntax.outerModifiers(of: drawing)
            if ViewSyntax.labelsOrHides(modifiers)
                || modifiers.contains(where: { ViewSyntax.calleeName($0) == "accessibilityValue" })
            {
                return
            }
            if enclosedByLabelledElement(drawing) { return }
            report(
                drawing,
                "\(name == "Map" ? "Map with overlays" : name) draws what VoiceOver cannot read: add .accessibilityLabel(\"…\") (and .accessibilityValue for what it shows), or .accessibilityHidden(true) if another element says the same"
            )
        }

        /// Whether `node` is part of a value being stored (`rendered = photo.map { Image(uiImage: $0) }`,
        /// `let icon = Image(…)`) rather than a view being laid out.
        static func isStoredValue(_ node: some SyntaxProtocol) -> Bool {
            var current = Syntax(node)
            while let parent = current.parent {
                if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorBlockSyntax.self)
                    || parent.is(MemberBlockSyntax.self)
                {
                    return false
                }
                if parent.is(InitializerClauseSyntax.self), parent.parent?.is(PatternBindingSyntax.self) == true {
                    return true
                }
                if let list = parent.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true {
                    let elements = Array(list)
                    if let index = elements.firstIndex(where: { $0.id == current.id }),
                        elements[..<index].contains(where: { $0.is(AssignmentExprSyntax.self) })
                    {
                        return true
                    }
                }
                current = parent
            }
            return false
        }

        private func describe(_ call: FunctionCallExprSyntax, name: String) -> String {
            let text = call.trimmedDescription
            if text.count <= 60, !text.contains("\n") { return text }
            let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
            return "\(name)(\(labels))"
        }

        private func report(_ node: FunctionCallExprSyntax, _ message: String) {
            found.append(
                AppLayerViolation(rule: .accessibilityLabel, file: file.path, line: file.line(of: node), message: message))
        }
    }

    private final class OverlayNames: SyntaxVisitor {
        var found = false
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = ViewSyntax.viewName(node), AccessibilityLabelCheck.mapOverlays.contains(name) { found = true }
            return found ? .skipChildren : .visitChildren
        }
    }
}

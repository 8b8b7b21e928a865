import Foundation
import LociLocalization
import SwiftSyntax

/// Rule `view-literal`: every user-visible string literal in the view code (a `*UI` module under
/// `Apps/Sources/` or an app folder) is a key of the String Catalog it resolves to.
///
/// Which catalog:
/// - an app folder's literals: `Apps/<App>/Localizable.xcstrings`;
/// - a `<Product>UI` module's: the catalog of every app whose `Apps/project.yml` target links the
///   module (SwiftUI looks a `LocalizedStringKey` up in the app's bundle);
/// - a module in ``ownCatalogModules`` (or any module folder holding its own catalog): its own
///   `Apps/Sources/<Module>/Localizable.xcstrings`, read through a `Localizer` (`t("…")`); a
///   literal there in a `LocalizedStringKey` position (`Text("…")`) is itself a violation, since
///   SwiftUI would look it up in the app's catalog.
///
/// Which literals: every string literal with a letter in it, except those in a known non-copy
/// position (``nonCopyLabels`` arguments, ``nonCopyCalls``, a logger call, a subscript, a
/// comparison or `case` pattern, an enum raw value, an attribute such as `@AppStorage("key")`,
/// `#Preview` and `PreviewProvider` code) and those on a line ending in `// not-copy: <reason>`.
/// An interpolation `\(…)` is `%@` in the key.
public enum ViewLiteralCheck {
    /// The catalog's file name.
    public static let catalogName = "Localizable.xcstrings"
    /// The comment that marks a line's literals as not copy.
    public static let waiver = "// not-copy:"
    /// Shared modules that localise through their own catalog and a `Localizer`.
    public static let ownCatalogModules: Set<String> = ["LociUI", "AreasUI"]

    /// Views whose first unlabelled argument is a `LocalizedStringKey`.
    public static let keyViews: Set<String> = [
        "Text", "Button", "Label", "Toggle", "Section", "TextField", "SecureField", "Picker", "Link", "LabeledContent",
        "NavigationLink", "Menu", "Stepper", "DatePicker", "ProgressView", "ContentUnavailableView", "GroupBox",
        "DisclosureGroup",
    ]
    /// Modifiers whose first argument is a `LocalizedStringKey` (and `.searchable(prompt:)`).
    public static let keyModifiers: Set<String> = [
        "navigationTitle", "accessibilityLabel", "accessibilityValue", "accessibilityHint", "alert",
        "confirmationDialog", "help", "badge",
    ]
    /// The shared views' `String` parameters that show copy as given (`_` for the first
    /// unlabelled one): a literal passed there is never translated.
    public static let verbatimParameters: [String: String] = ["NoticeBanner": "_", "NoAreaCard": "use"]
    /// Argument labels whose literal is never copy.
    public static let nonCopyLabels: Set<String> = [
        "systemImage", "systemName", "id", "verbatim", "decorative", "forKey", "named", "subsystem", "category",
        "forInfoDictionaryKey", "forResource", "withExtension", "ofType", "identifier", "bundleIdentifier", "path",
        "atPath", "toPath", "fileURLWithPath",
    ]
    /// Endings of a property or function name (lowercased) whose literals are never copy:
    /// `var symbolName: String { … "circle" … }`, `static let iconName = "star"`.
    public static let nonCopyNameSuffixes = [
        "symbol", "symbolname", "systemimage", "systemname", "icon", "iconname", "identifier", "url", "imagename",
        "assetname", "filename", "resource",
    ]
    /// Calls whose literal arguments are never copy: asset and symbol names, identifiers, URLs,
    /// logs and developer messages.
    public static let nonCopyCalls: Set<String> = [
        "Image", "Color", "UIImage", "UIColor", "URL", "Logger", "accessibilityIdentifier", "tag", "print",
        "debugPrint", "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "Name",
        "dateFormat", "UTType", "custom", "appendingPathComponent", "appendingPathExtension",
    ]

    /// Every violation in the view code, file by file in path order.
    /// - Throws: ``AppLayerCheckError`` when a file cannot be read.
    public static func check(_ tree: CheckedTree) throws(AppLayerCheckError) -> [AppLayerViolation] {
        let spec = tree.exists(ConfigurationCheck.specPath)
            ? try? ProjectSpec(yaml: try tree.text(ConfigurationCheck.specPath)) : nil
        var found: [AppLayerViolation] = []
        var catalogs: [String: Set<String>?] = [:]
        var missing: [String: [(file: String, line: Int, key: String)]] = [:]
        var unlinked: Set<String> = []
        for file in try ViewSourceFile.all(in: tree) {
            // Without a readable spec (`project-spec` reports it) a UI module's apps are unknown.
            guard let place = resolve(file.path, tree: tree, spec: spec) else { continue }
            for literal in literals(in: file) {
                if let parameter = literal.verbatimParameter {
                    found.append(
                        AppLayerViolation(
                            rule: .viewLiteral, file: file.path, line: literal.line,
                            message:
                                "\"\(literal.key)\" goes to \(parameter), a String shown as given (untranslated): pass String(localized: \"\(literal.key)\") with the key in the app's catalog, or a *Copy result"
                        ))
                    continue
                }
                if place.ownCatalog, literal.isKeyPosition {
                    found.append(
                        AppLayerViolation(
                            rule: .viewLiteral, file: file.path, line: literal.line,
                            message:
                                "\"\(literal.key)\" is a LocalizedStringKey, which SwiftUI looks up in the app's catalog, not \(place.module)'s: pass t(\"\(literal.key)\") from a Localizer over \(place.catalogs.first ?? catalogName)"
                        ))
                    continue
                }
                let module = place.module
                if place.catalogs.isEmpty, !unlinked.contains(module) {
                    unlinked.insert(module)
                    found.append(
                        AppLayerViolation(
                            rule: .viewLiteral, file: file.path, line: literal.line,
                            message:
                                "\"\(literal.key)\" resolves to no catalog: no app target in \(ConfigurationCheck.specPath) links \(module)"
                        ))
                }
                for catalog in place.catalogs {
                    if catalogs[catalog] == nil {
                        let (keys, problem) = readKeys(catalog, tree: tree)
                        catalogs[catalog] = .some(keys)
                        if let problem { found.append(problem) }
                    }
                    guard let keys = catalogs[catalog] ?? nil else {
                        missing[catalog, default: []].append((file.path, literal.line, literal.key))
                        continue
                    }
                    if !keys.contains(literal.key), !keys.contains(literal.escapedKey) {
                        found.append(
                            AppLayerViolation(
                                rule: .viewLiteral, file: file.path, line: literal.line,
                                message:
                                    "\"\(literal.key)\" is not a key of \(catalog): add it with its English and Finnish text, or end the line with `\(waiver) <why>` if it is not copy"
                            ))
                    }
                }
            }
        }
        for (catalog, uses) in missing.sorted(by: { $0.key < $1.key }) {
            guard let first = uses.first else { continue }
            found.append(
                AppLayerViolation(
                    rule: .viewLiteral, file: first.file, line: first.line,
                    message:
                        "\"\(first.key)\"\(uses.count > 1 ? " and \(uses.count - 1) more literal(s)" : "") resolve to \(catalog), which does not exist: add the catalog with each key's English and Finnish text"
                ))
        }
        return found
    }

    /// Where a file's literals resolve.
    struct Resolution {
        /// The module (`ProximityUI`) or app folder (`Proximity`).
        var module: String
        /// The catalogs every literal must be a key of.
        var catalogs: [String]
        /// Whether the module reads its own catalog through a `Localizer`.
        var ownCatalog: Bool
    }

    /// Where the literals of the file at `path` resolve; nil for a `<Product>UI` module when
    /// there is no spec to say which apps link it.
    static func resolve(_ path: String, tree: CheckedTree, spec: ProjectSpec?) -> Resolution? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.count > 3, parts[1] == "Sources" {
            let module = parts[2]
            let own = "Apps/Sources/\(module)/\(catalogName)"
            if ownCatalogModules.contains(module) || tree.exists(own) {
                return Resolution(module: module, catalogs: [own], ownCatalog: true)
            }
            guard let spec else { return nil }
            let apps = spec.targets.filter { target in
                target.isApplication && target.products.contains { $0.product == module }
            }
            return Resolution(
                module: module,
                catalogs: apps.map { "Apps/\($0.sources.first ?? $0.name)/\(catalogName)" },
                ownCatalog: false)
        }
        let folder = parts.count > 1 ? parts[1] : path
        return Resolution(module: folder, catalogs: ["Apps/\(folder)/\(catalogName)"], ownCatalog: false)
    }

    /// A catalog's keys (nil when it does not exist), and a violation when it is not a catalog
    /// (read by `LociLocalization`'s `StringCatalog`, as the apps and the audit read it).
    static func readKeys(_ catalog: String, tree: CheckedTree) -> (Set<String>?, AppLayerViolation?) {
        guard tree.exists(catalog) else { return (nil, nil) }
        do {
            return (Set(try StringCatalog(data: try tree.data(catalog), name: catalog).keys), nil)
        } catch let error as StringCatalogError {
            return ([], AppLayerViolation(rule: .viewLiteral, file: catalog, message: "is not a String Catalog: \(error.reason)"))
        } catch {
            return ([], AppLayerViolation(rule: .viewLiteral, file: catalog, message: "cannot be read: \(error)"))
        }
    }

    /// One user-visible literal.
    struct Literal: Equatable {
        /// Its key: the text with each interpolation as `%@`.
        var key: String
        /// The key as SwiftUI writes it when the literal interpolates: `%` doubled.
        var escapedKey: String
        /// Its 1-based line.
        var line: Int
        /// Whether it sits where SwiftUI takes a `LocalizedStringKey`.
        var isKeyPosition: Bool
        /// The shared view's `String` parameter it is passed to (``verbatimParameters``), if any.
        var verbatimParameter: String? = nil
    }

    /// The user-visible literals of a file, in source order.
    static func literals(in file: ViewSourceFile) -> [Literal] {
        let finder = LiteralFinder(file: file)
        finder.walk(file.syntax)
        return finder.found
    }

    private final class LiteralFinder: SyntaxVisitor {
        let file: ViewSourceFile
        var found: [Literal] = []

        init(file: ViewSourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            node.macroName.text == "Preview" ? .skipChildren : .visitChildren
        }
        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            node.macroName.text == "Preview" ? .skipChildren : .visitChildren
        }
        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
            node.rawValue == nil ? .visitChildren : .skipChildren
        }
        override func visit(_ node: SwitchCaseLabelSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            walk(node.calledExpression)
            return .skipChildren
        }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            return inherited.contains("PreviewProvider") ? .skipChildren : .visitChildren
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            let (key, hasLetters, interpolates) = Self.key(of: node)
            guard hasLetters else { return .visitChildren }
            let line = file.line(of: node)
            let endLine = file.line(of: node.closingQuote)
            if file.text(ofLine: endLine).contains(ViewLiteralCheck.waiver)
                || file.text(ofLine: line).contains(ViewLiteralCheck.waiver)
            {
                return .visitChildren
            }
            guard let isKeyPosition = Self.position(of: node) else { return .visitChildren }
            found.append(
                Literal(
                    key: key, escapedKey: interpolates ? Self.escapePercent(key) : key, line: line,
                    isKeyPosition: isKeyPosition, verbatimParameter: Self.verbatimParameter(of: node)))
            return .visitChildren
        }

        /// nil when the literal sits in a non-copy position; else whether it is a
        /// `LocalizedStringKey` position.
        /// `NoticeBanner(text)` or `NoAreaCard(use:)` when `literal` is passed straight to it.
        static func verbatimParameter(of literal: StringLiteralExprSyntax) -> String? {
            guard let argument = literal.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let name = ViewSyntax.viewName(call), let label = verbatimParameters[name]
            else { return nil }
            let matches =
                label == "_" ? (argument.label == nil && call.arguments.first?.id == argument.id) : argument.label?.text == label
            return matches ? "\(name)(\(label):)" : nil
        }

        static func position(of literal: StringLiteralExprSyntax) -> Bool? {
            var current = Syntax(literal)
            // Up through ternaries, operator sequences (`??`, `+`) and parentheses to the
            // argument or expression the literal is part of; a comparison is never copy.
            while let parent = current.parent {
                if parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TernaryExprSyntax.self) {
                    current = parent
                } else if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
                    let operators = list.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
                    if operators.contains(where: { ["==", "!=", "~="].contains($0) }) { return nil }
                    current = Syntax(sequence)
                } else if parent.is(LabeledExprSyntax.self), let tuple = parent.parent?.parent?.as(TupleExprSyntax.self),
                    tuple.elements.count == 1
                {
                    current = Syntax(tuple)
                } else {
                    break
                }
            }
            if let name = enclosingDeclarationName(of: literal)?.lowercased(),
                nonCopyNameSuffixes.contains(where: { name.hasSuffix($0) })
            {
                return nil
            }
            if let parameter = current.parent?.parent?.as(FunctionParameterSyntax.self) {
                let name = (parameter.secondName ?? parameter.firstName).text
                return nonCopyLabels.contains(parameter.firstName.text) || nonCopyLabels.contains(name) ? nil : false
            }
            guard let argument = current.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            let label = argument.label?.text
            if let label, nonCopyLabels.contains(label) { return nil }
            let name = ViewSyntax.calleeName(call) ?? ""
            if nonCopyCalls.contains(name) { return nil }
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base {
                let text = base.trimmedDescription.lowercased()
                if text.hasSuffix("logger") || text == "log" || text.hasSuffix(".log") { return nil }
                if name == "contains" || name == "hasPrefix" || name == "hasSuffix" { return nil }
            }
            let isFirst = call.arguments.first?.id == argument.id
            if ViewSyntax.viewName(call).map(keyViews.contains) == true { return isFirst && label == nil }
            if call.calledExpression.is(MemberAccessExprSyntax.self) {
                if keyModifiers.contains(name) { return isFirst }
                if name == "searchable" { return label == "prompt" }
            }
            return false
        }

        /// The name of the property or function whose body or initial value holds `node`.
        static func enclosingDeclarationName(of node: some SyntaxProtocol) -> String? {
            var current = node.parent
            while let syntax = current {
                if let binding = syntax.as(PatternBindingSyntax.self) {
                    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }
                if let function = syntax.as(FunctionDeclSyntax.self) { return function.name.text }
                if syntax.is(ClosureExprSyntax.self) || syntax.is(CodeBlockItemListSyntax.self)
                    && syntax.parent?.is(SourceFileSyntax.self) == true
                {
                    return nil
                }
                current = syntax.parent
            }
            return nil
        }

        /// The key of a literal (interpolations as `%@`), whether its own text has a letter, and
        /// whether it interpolates.
        static func key(of literal: StringLiteralExprSyntax) -> (String, Bool, Bool) {
            var key = ""
            var letters = false
            var interpolates = false
            let raw = literal.openingPounds != nil
            for segment in literal.segments {
                if let text = segment.as(StringSegmentSyntax.self) {
                    let content = raw ? text.content.text : unescape(text.content.text)
                    letters = letters || withoutFormatSpecifiers(content).contains(where: \.isLetter)
                    key += content
                } else {
                    key += "%@"
                    interpolates = true
                }
            }
            if literal.openingQuote.tokenKind == .multilineStringQuote { key = dedent(key) }
            return (key, letters, interpolates)
        }

        /// The text without printf-style specifiers (`%@`, `%.1f`, `%02d`, `%1$@`, `%%`), whose
        /// letters are not words.
        static func withoutFormatSpecifiers(_ text: String) -> String {
            text.replacingOccurrences(of: #"%([0-9]+\$)?[-+#0-9.]*(ll|l|h)?[@a-zA-Z%]"#, with: "", options: .regularExpression)
        }

        /// `%` doubled, except in the `%@` interpolations.
        static func escapePercent(_ key: String) -> String {
            key.replacingOccurrences(of: "%@", with: "\u{0}").replacingOccurrences(of: "%", with: "%%")
                .replacingOccurrences(of: "\u{0}", with: "%@")
        }

        /// A multi-line literal's text without the opening newline and the closing indentation.
        static func dedent(_ text: String) -> String {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
            let indent =
                lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
            lines = lines.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            if lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
            return lines.joined(separator: "\n")
        }

        /// The text of a literal segment with Swift's escapes resolved.
        static func unescape(_ source: String) -> String {
            var result = ""
            var characters = source.makeIterator()
            while let character = characters.next() {
                guard character == "\\", let next = characters.next() else {
                    result.append(character)
                    continue
                }
                switch next {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "u":
                    var hex = ""
                    while let digit = characters.next(), digit != "}" {
                        if digit != "{" { hex.append(digit) }
                    }
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                        result.append(Character(scalar))
                    }
                default: result.append(next)
                }
            }
            return result
        }
    }
}

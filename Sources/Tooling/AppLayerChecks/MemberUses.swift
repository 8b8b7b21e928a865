import SwiftParser
import SwiftSyntax

/// The member references in Swift files, as a name-based reader sees them (no type checking):
/// each `x.name` with the type declaration it sits in, its call's argument labels when called,
/// and whether it is written (assigned, passed `inout`, bound with `$x.name`, named in a key path).
struct MemberUses {
    /// One reference.
    struct Use {
        /// The member's base name.
        var baseName: String
        /// The innermost type declaration holding the reference (nil at file scope).
        var enclosingType: String?
        /// A call's explicit argument labels (nil for unlabelled) and its trailing closures; nil
        /// when the member is not called.
        var call: (labels: [String?], trailingClosures: Int)?
        /// The argument names of a reference such as `model.setHome(_:)`; nil without them.
        var argumentNames: [String?]?
        /// Whether the reference writes the member.
        var isWrite: Bool
    }

    /// Every reference found, by base name.
    var byName: [String: [Use]] = [:]

    /// Adds the references in `files` (paths relative to `tree`'s root).
    /// - Throws: ``AppLayerCheckError`` when a file cannot be read.
    mutating func add(_ files: [String], in tree: CheckedTree) throws(AppLayerCheckError) {
        for file in files {
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: try tree.text(file)))
            for use in collector.uses { byName[use.baseName, default: []].append(use) }
        }
    }

    /// Walks one file.
    private final class Collector: SyntaxVisitor {
        var uses: [Use] = []
        private var types: [String] = []

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.extendedType.trimmedDescription)
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

        private func enter(_ name: String) -> SyntaxVisitorContinueKind {
            types.append(name)
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName
            var use = Use(
                baseName: name.baseName.text, enclosingType: types.last, call: nil,
                argumentNames: name.argumentNames.map { names in
                    names.arguments.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
                },
                isWrite: Self.isWritten(node))
            if let call = node.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == node.id
            {
                use.call = (
                    call.arguments.map { $0.label?.text },
                    (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
                )
            }
            uses.append(use)
            return .visitChildren
        }

        override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
            // A key path names a member for reading and writing alike (`Binding`, `\.radius`).
            uses.append(
                Use(
                    baseName: node.declName.baseName.text, enclosingType: types.last, call: nil, argumentNames: nil,
                    isWrite: true))
            return .visitChildren
        }

        /// Whether `node` (or an access built on it, as in `x.settings.range = …`) is assigned,
        /// passed `inout`, or reached through a `$binding`.
        static func isWritten(_ node: MemberAccessExprSyntax) -> Bool {
            if rootName(of: ExprSyntax(node)).hasPrefix("$") { return true }
            var current = Syntax(node)
            while let parent = current.parent {
                if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == current.id {
                    current = parent
                } else if let subscriptCall = parent.as(SubscriptCallExprSyntax.self),
                    subscriptCall.calledExpression.id == current.id
                {
                    current = parent
                } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                    current = parent
                } else if parent.is(InOutExprSyntax.self) {
                    return true
                } else if let list = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true {
                    let elements = Array(list)
                    guard let index = elements.firstIndex(where: { $0.id == current.id }), index + 1 < elements.count
                    else { return false }
                    return isAssignment(elements[index + 1])
                } else if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == current.id {
                    return isAssignment(infix.operator)
                } else {
                    return false
                }
            }
            return false
        }

        /// `=` or a compound assignment operator (`+=`, `&&=`…), not a comparison.
        static func isAssignment(_ expression: ExprSyntax) -> Bool {
            if expression.is(AssignmentExprSyntax.self) { return true }
            guard let op = expression.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return op.count >= 2 && op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
        }

        /// The name at the root of a chain of member accesses (`$model` in `$model.a.b`).
        static func rootName(of expression: ExprSyntax) -> String {
            var current = expression
            while true {
                if let access = current.as(MemberAccessExprSyntax.self), let base = access.base {
                    current = base
                } else if let chain = current.as(OptionalChainingExprSyntax.self) {
                    current = chain.expression
                } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                    current = unwrap.expression
                } else {
                    return current.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
                }
            }
        }
    }
}

extension MemberUses.Use {
    /// Whether this reference can reach `member` (by name and labels; the reader cannot know the
    /// base's type, so a same-named member of another type also counts). For a property only a
    /// write counts: a settable property nothing sets should be `private(set)`.
    func reaches(_ member: ModelSurface.Member) -> Bool {
        guard baseName == member.baseName else { return false }
        guard let parameters = member.parameters else { return isWrite }
        if let argumentNames { return argumentNames == parameters.map(\.label) }
        guard let call else { return true }  // a method passed as a value (`action: model.refresh`)
        return Self.fills(parameters, labels: call.labels, trailingClosures: call.trailingClosures)
    }

    /// Whether a call with these labels and trailing closures can fill the parameters in order
    /// (a defaulted parameter may be left out; a closure parameter may take a trailing closure).
    static func fills(_ parameters: [ModelSurface.Parameter], labels: [String?], trailingClosures: Int) -> Bool {
        var next = 0
        var closures = trailingClosures
        for parameter in parameters {
            if next < labels.count, labels[next] == parameter.label {
                next += 1
            } else if next == labels.count, parameter.isClosure, closures > 0 {
                closures -= 1
            } else if !parameter.hasDefault {
                return false
            }
        }
        return next == labels.count && closures == 0
    }
}

import SwiftParser
import SwiftSyntax

/// What a person could reach through an app's models: the public methods and publicly settable
/// properties of every `@MainActor @Observable` class in a `*Feature` module (the class's body
/// and its extensions in those modules). Public, because the apps are another package: an
/// internal member is the model's own, or its tests'.
struct ModelSurface {
    /// One method or settable property of a model.
    struct Member: Hashable {
        /// The model class.
        var type: String
        /// The member's base name (`setHome`, `radius`).
        var baseName: String
        /// A method's parameters; nil for a property.
        var parameters: [Parameter]?
        /// The file declaring it, relative to the tree's root.
        var file: String
        /// Its 1-based line.
        var line: Int

        /// `setHome(_:)` for a method, `radius` for a property.
        var name: String {
            guard let parameters else { return baseName }
            return "\(baseName)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))"
        }

        /// `Type.name`, as the exemption list writes it.
        var qualifiedName: String { "\(type).\(name)" }
    }

    /// One parameter of a method, as a call site can fill it.
    struct Parameter: Hashable {
        /// The argument label; nil for `_`.
        var label: String?
        /// Whether a call may leave it out.
        var hasDefault: Bool
        /// Whether its type is a function (a trailing closure may fill it).
        var isClosure: Bool
    }

    /// The model classes found.
    var models: Set<String>
    /// Their members, in file and line order.
    var members: [Member]

    /// Reads the models of `files` (paths relative to `tree`'s root).
    /// - Throws: ``AppLayerCheckError`` when a file cannot be read.
    static func read(_ files: [String], in tree: CheckedTree) throws(AppLayerCheckError) -> ModelSurface {
        var parsed: [(String, SourceFileSyntax)] = []
        for file in files { parsed.append((file, Parser.parse(source: try tree.text(file)))) }
        var models = Set<String>()
        for (_, source) in parsed {
            for statement in source.statements {
                guard let type = statement.item.as(ClassDeclSyntax.self), isModel(type.attributes) else { continue }
                models.insert(type.name.text)
            }
        }
        var members: [Member] = []
        for (file, source) in parsed {
            let converter = SourceLocationConverter(fileName: file, tree: source)
            for statement in source.statements {
                let owner: String
                let body: MemberBlockSyntax
                if let type = statement.item.as(ClassDeclSyntax.self), models.contains(type.name.text) {
                    (owner, body) = (type.name.text, type.memberBlock)
                } else if let type = statement.item.as(ExtensionDeclSyntax.self),
                    let name = type.extendedType.as(IdentifierTypeSyntax.self)?.name.text, models.contains(name)
                {
                    (owner, body) = (name, type.memberBlock)
                } else {
                    continue
                }
                for item in body.members {
                    members += reachableMembers(of: item.decl, type: owner, file: file, converter: converter)
                }
            }
        }
        return ModelSurface(models: models, members: members)
    }

    /// Whether the attributes mark a `@MainActor @Observable` class.
    static func isModel(_ attributes: AttributeListSyntax) -> Bool {
        let names = Set(
            attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
        return names.contains("MainActor") && (names.contains("Observable") || names.contains("Observation.Observable"))
    }

    /// The non-private methods and settable properties one declaration adds.
    static func reachableMembers(
        of decl: DeclSyntax, type: String, file: String, converter: SourceLocationConverter
    ) -> [Member] {
        let line = { (token: TokenSyntax) in token.startLocation(converter: converter).line }
        if let function = decl.as(FunctionDeclSyntax.self) {
            guard isPublic(function.modifiers), case .identifier = function.name.tokenKind else { return [] }
            let parameters = function.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                return Parameter(
                    label: label, hasDefault: parameter.defaultValue != nil, isClosure: isFunctionType(parameter.type))
            }
            return [
                Member(
                    type: type, baseName: function.name.text, parameters: parameters, file: file,
                    line: line(function.name))
            ]
        }
        guard let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
            isPublic(variable.modifiers), !hasRestrictedSetter(variable.modifiers)
        else { return [] }
        return variable.bindings.compactMap { binding -> Member? in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, isSettable(binding) else {
                return nil
            }
            return Member(type: type, baseName: name.text, parameters: nil, file: file, line: line(name))
        }
    }

    /// `public` or `open`: what an app (another package) can call. Internal, package and private
    /// members are the model's own (or its tests') business.
    static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { modifier in
            [.keyword(.public), .keyword(.open)].contains(modifier.name.tokenKind) && modifier.detail == nil
        }
    }

    /// A setter narrower than the app can reach: `private(set)`, `fileprivate(set)`,
    /// `internal(set)` or `package(set)`.
    static func hasRestrictedSetter(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { modifier in
            [.keyword(.private), .keyword(.fileprivate), .keyword(.internal), .keyword(.package)].contains(
                modifier.name.tokenKind) && modifier.detail?.detail.text == "set"
        }
    }

    /// A stored `var`, or a computed one with a setter.
    static func isSettable(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        switch accessors {
        case .getter: return false
        case .accessors(let list):
            return list.contains { accessor in
                [.keyword(.set), .keyword(.willSet), .keyword(.didSet)].contains(accessor.accessorSpecifier.tokenKind)
            }
        }
    }

    /// Whether a parameter's type is a function type (through attributes and optionals).
    static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFunctionType(only.type)
        }
        return false
    }
}

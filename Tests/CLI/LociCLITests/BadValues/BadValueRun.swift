import Foundation
import LociTestSupport

/// One run of `loci` with one bad value, and how its refusal is judged.
struct BadValueRun: Sendable, CustomStringConvertible {
    let argument: CommandTree.Argument
    let bad: BadValue
    /// The whole command line after `loci`.
    let arguments: [String]

    var description: String { "loci " + arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ") }

    /// Phrases that give away internals instead of saying what the user got wrong.
    static let internals = [
        "couldn’t be completed", "could not be completed", "couldn't be completed", "Error Domain", "ErrorDomain",
        "SQLite error", "Swift.", "Error(", " = ",
    ]

    /// What is wrong with `result` as a refusal of this value (empty: a good refusal).
    func problems(_ result: LociProcess.Result?) -> [String] {
        guard let result else { return ["did not finish: the bad value was not refused"] }
        var problems: [String] = []
        let stderr = result.stderr
        if result.status == 0 { problems.append("exit status 0") }
        let names = argument.isPositional || bad.valueNamesArgument ? [argument.name, bad.value] : [argument.name]
        if !names.contains(where: { !$0.isEmpty && stderr.localizedCaseInsensitiveContains($0) }) {
            problems.append("does not name \(names.joined(separator: " or "))")
        }
        for phrase in bad.expected where !stderr.localizedCaseInsensitiveContains(phrase) {
            problems.append("does not say '\(phrase)'")
        }
        if !bad.expectedAny.isEmpty, !bad.expectedAny.contains(where: { stderr.localizedCaseInsensitiveContains($0) }) {
            problems.append("says none of \(bad.expectedAny.map { "'\($0)'" }.joined(separator: ", "))")
        }
        for phrase in Self.internals where stderr.contains(phrase) {
            problems.append("speaks internals ('\(phrase)')")
        }
        return problems
    }
}

extension BadValueCatalogue {
    /// The kind of `argument`, nil when the catalogue does not know it (exempt arguments included).
    static func kind(of argument: CommandTree.Argument) -> ValueKind? {
        if positionalShapes[argument.key] != nil { return .coordinate }
        if let kind = byKey[argument.key] ?? byName[argument.name] {
            return kind
        }
        return argument.allValues.isEmpty ? nil : .choice(argument.allValues)
    }

    /// The runs for `argument` (one per bad value), each with the command's good companions.
    static func runs(for argument: CommandTree.Argument, in tree: CommandTree, fixture: BadValueFixture) -> [BadValueRun] {
        guard exempt[argument.key] == nil, let kind = kind(of: argument) else { return [] }
        let commandKey = argument.command.joined(separator: " ")
        var badValues = kind.badValues(fixture)
        if let value = outOfRange[argument.key] ?? outOfRange[argument.name] {
            badValues.append(BadValue(value, expected: [], expectedAny: ValueKind.rangeWords))
        }
        return badValues.map { bad in
            let badTokens = positionalShapes[argument.key] ?? [bad.value]
            var line = argument.command
            line += (baseByKey[argument.key] ?? base[commandKey] ?? []).map { fill($0, fixture) }
            var options: [String] = []
            for other in tree.arguments(of: argument.command) {
                if other.key == argument.key {
                    line += other.isPositional ? badTokens : []
                    continue
                }
                let value = (good[other.key] ?? good[other.name])?.map { fill($0, fixture) }
                guard !other.isOptional || (other.isPositional && value != nil) else { continue }
                guard let value else { continue }
                if other.isPositional { line += value } else { options += [other.name] + value }
            }
            line += options
            if !argument.isPositional { line += [argument.name] + badTokens }
            return BadValueRun(argument: argument, bad: bad, arguments: line)
        }
    }

    private static func fill(_ text: String, _ fixture: BadValueFixture) -> String {
        text.replacingOccurrences(of: "{places}", with: fixture.placeDatabase)
            .replacingOccurrences(of: "{folder}", with: fixture.folder)
            .replacingOccurrences(of: "{track}", with: fixture.track)
            .replacingOccurrences(of: "{root}", with: fixture.root)
            .replacingOccurrences(of: "{library}", with: fixture.libraryExport)
            .replacingOccurrences(of: "{placefile}", with: fixture.placeFile)
            .replacingOccurrences(of: "{place}", with: fixture.placeID)
            .replacingOccurrences(of: "{monaco}", with: SharedData.url("osm/monaco.osm.pbf").path)
    }
}

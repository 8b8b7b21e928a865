import Foundation

/// The `loci` command tree as ArgumentParser describes it (`loci --experimental-dump-help`),
/// so a test walks every command and argument the executable really has.
struct CommandTree {
    /// One option or positional argument of one leaf command.
    struct Argument: Sendable, CustomStringConvertible {
        /// The command's words after `loci`, e.g. `["trips", "create"]`.
        let command: [String]
        /// `--radius` for an option, the value name (`LAT,LON`, `FILE`) for a positional.
        let name: String
        let isPositional: Bool
        let isOptional: Bool
        /// The accepted values of a `CaseIterable` argument; empty for anything else.
        let allValues: [String]
        /// ArgumentParser's parsing strategy (`default`, `unconditional`, …): only an
        /// `unconditional` option takes a value that begins with "-".
        var parsingStrategy: String = "default"

        /// `trips create --radius`: the key of this argument in the catalogue's tables.
        var key: String { (command + [name]).joined(separator: " ") }
        var description: String { "loci \(key)" }
    }

    /// Every option and positional argument of every command (flags take no value, so none).
    let arguments: [Argument]

    /// Reads the tree from the executable's `--experimental-dump-help` JSON.
    init(dumpHelpJSON: Data) throws {
        let tool = try JSONDecoder().decode(ToolInfo.self, from: dumpHelpJSON)
        var arguments: [Argument] = []
        Self.collect(tool.command, path: [], into: &arguments)
        self.arguments = arguments
    }

    /// The arguments of one command, in declaration order.
    func arguments(of command: [String]) -> [Argument] {
        arguments.filter { $0.command == command }
    }

    private static func collect(_ command: CommandInfo, path: [String], into arguments: inout [Argument]) {
        for info in command.arguments ?? [] where info.kind != "flag" {
            let long = info.names?.first(where: { $0.kind == "long" })?.name
            let isPositional = info.kind == "positional"
            guard let name = isPositional ? info.valueName : long.map({ "--" + $0 }) else { continue }
            arguments.append(
                Argument(
                    command: path, name: name, isPositional: isPositional, isOptional: info.isOptional ?? false,
                    allValues: info.allValues ?? [], parsingStrategy: info.parsingStrategy ?? "default"))
        }
        for subcommand in command.subcommands ?? [] {
            collect(subcommand, path: path + [subcommand.commandName], into: &arguments)
        }
    }

    // The parts of ArgumentParser's ToolInfoV0 this test reads.
    private struct ToolInfo: Decodable { let command: CommandInfo }
    private struct CommandInfo: Decodable {
        let commandName: String
        let subcommands: [CommandInfo]?
        let arguments: [ArgumentInfo]?
    }
    private struct ArgumentInfo: Decodable {
        let kind: String
        let names: [NameInfo]?
        let valueName: String?
        let isOptional: Bool?
        let allValues: [String]?
        let parsingStrategy: String?
    }
    private struct NameInfo: Decodable {
        let kind: String
        let name: String
    }
}

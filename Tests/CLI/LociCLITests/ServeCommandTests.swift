import Foundation
import LociServer
import Testing

@testable import LociCLI

/// `loci serve`'s flags, help and refusals come from ``ServerSetting``'s one description each.
@Suite("loci serve settings")
struct ServeCommandTests {
    /// The long flags `loci serve --help` lists (without `--help`).
    static var helpFlags: Set<String> {
        let help = ServeCommand.helpMessage(columns: 400)
        let flags = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "(" || $0 == ")" })
            .filter { $0.hasPrefix("--") && $0.count > 2 }
            .map { String($0) }
        return Set(flags).subtracting(["--help"])
    }

    @Test("every described flag is an option of loci serve, and every option is described")
    func flagsDescribed() throws {
        let described = Set(ServerSetting.all.compactMap(\.option))
        #expect(!described.isEmpty)
        #expect(Self.helpFlags == described)
        // The command maps each option to the setting of the same flag.
        let command = try ServeCommand.parse([])
        #expect(Set(command.flagValues.compactMap(\.0.option)) == described)
        #expect(command.flagValues.count == described.count)
    }

    @Test("each flag sets what its variable sets")
    func flagsSetTheirSetting() throws {
        for setting in ServerSetting.all {
            guard let option = setting.option else { continue }
            // A switch's flag takes no value; its variable takes the example (`1`).
            let command = try ServeCommand.parse(setting.isSwitch ? [option] : [option, setting.example])
            let fromFlag = try command.settings(environment: [:])
            let fromEnvironment = try ServeCommand.parse([]).settings(environment: [setting.environment: setting.example])
            let defaults = try ServeCommand.parse([]).settings(environment: [:])
            #expect(fromFlag == fromEnvironment, "\(option)")
            #expect(fromFlag != defaults, "\(option) changed nothing")
        }
    }

    @Test("the help names every variable the server reads, and each flag's help is its description's")
    func help() {
        let help = ServeCommand.helpMessage(columns: 400)
        for setting in ServerSetting.all {
            #expect(help.contains(setting.environment), "\(setting.environment)")
            if setting.flag != nil { #expect(help.contains(setting.help), "\(setting.help)") }
        }
        #expect(help.contains("LOG_LEVEL") && help.contains("LOCI_DATA_DIR"))
    }

    @Test("an out-of-range value stops loci serve with one line naming what the user set")
    func refusedAtStart() throws {
        let flag = try LociProcess.run(["serve", "--epoch-seconds", "20", "--port", "0"])
        #expect(flag.status != 0)
        #expect(flag.stderr.contains("--epoch-seconds 20: must be between 60 and 86400"), "\(flag.stderr)")
        let variable = try LociProcess.run(["serve", "--port", "0"], environment: ["LOCI_EPOCH_SECONDS": "20"])
        #expect(variable.status != 0)
        #expect(variable.stderr.contains("LOCI_EPOCH_SECONDS=20: must be between 60 and 86400"), "\(variable.stderr)")
    }

    @Test("without a place store loci serve says which loci import to run")
    func missingStore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-serve-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LociProcess.run(
            ["serve", "--port", "0", "--data-dir", folder.path], environment: ["DATABASE_URL": nil, "LOCI_PLACES": nil])
        #expect(result.status != 0)
        let places = folder.appendingPathComponent("places.sqlite").path
        let extract = folder.appendingPathComponent("osm/helsinki.osm.pbf").path
        #expect(
            result.stderr.contains(
                "\(places): no place store; make it with `loci import \(extract) --db \(places) --time-zone Europe/Helsinki`"),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        // Nothing is written before the store is found: not even the data folder.
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}

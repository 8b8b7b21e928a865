import ArgumentParser
import Foundation
import IdentifyPack

/// `loci pack info FILE`: a pack's manifest, after the pack is verified as `loci identify --pack` would.
struct PackInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Verify an offline pack and print its manifest.",
        discussion: "Exits non-zero, naming the fault, for a damaged, partial or edited pack.")

    @Argument(help: ArgumentHelp("The pack file.", valueName: "FILE")) var file: String
    @Flag(help: "Print the manifest as JSON instead of text.") var json = false

    mutating func run() throws {
        try FileArgument.readable(file, option: nil, expected: "an offline pack (loci pack build)")
        let pack = try OfflinePack(path: file)
        print(json ? try pack.manifest.json(pretty: true) : PackSummary.text(pack.manifest, path: file) + "\nverified      every table matches its checksum")
    }
}

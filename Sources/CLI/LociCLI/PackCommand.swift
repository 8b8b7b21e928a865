import ArgumentParser

/// `loci pack`: ShootVeil's offline packs (build one for an area, show a pack's manifest).
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Build or inspect a ShootVeil offline pack (buildings, landmarks and airports of an area).",
        subcommands: [PackBuildCommand.self, PackInfoCommand.self])
}

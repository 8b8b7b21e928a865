import ArgumentParser

/// `loci geo …`: geodesy and tiling from the command line.
public struct GeoCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geodesy and tiling: inverse and direct geodesic problems, grid tiles.",
        subcommands: []
    )

    public init() {}
}

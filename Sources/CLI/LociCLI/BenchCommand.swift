import ArgumentParser

/// `loci bench`: the benchmark group; `geo` is the default, so plain `loci bench` keeps working.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Measure Loci against its anchors in one session (geo: the default; places, photos, cards, proximity, tidepool, identify, directions, library, interests).",
        subcommands: [
            BenchGeoCommand.self, BenchPlacesCommand.self, BenchPhotosCommand.self, BenchCardsCommand.self,
            BenchProximityCommand.self, BenchTidepoolCommand.self, BenchIdentifyCommand.self,
            BenchDirectionsCommand.self, BenchLibraryCommand.self, BenchInterestsCommand.self,
        ],
        defaultSubcommand: BenchGeoCommand.self
    )
}

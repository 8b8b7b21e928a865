import ArgumentParser

/// The root of the `loci` command tree. Later capabilities add subcommands here.
public struct LociCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "loci",
        abstract: "Loci: the engines behind Tidepool, Proximity, Photo Wrapped, And Away and ShootVeil.",
        subcommands: [
            GeoCommand.self, ImportCommand.self, SearchCommand.self, NearbyCommand.self, AutocompleteCommand.self,
            PlaceCommand.self, OSMCommand.self, BenchCommand.self, GeocodeCommand.self, PhotoInfoCommand.self,
            WrappedCommand.self, TripsCommand.self, ProximityCommand.self, TidepoolCommand.self,
            IdentifyCommand.self, PackCommand.self, AreaCommand.self,
            DirectionsCommand.self,
            CompareCommand.self,
            BookmarksCommand.self, ListsCommand.self, ExportCommand.self, ImportLibraryCommand.self,
            InterestsCommand.self,
            ServeCommand.self,
        ]
    )

    public init() {}
}

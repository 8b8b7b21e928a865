import ArgumentParser
import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import ProximityKit
import ProximityStore

/// Where trips live: `--trips-db PATH`, else trips.sqlite in the data directory.
struct TripDatabaseOption: ParsableArguments {
    @Option(name: .customLong("trips-db"), help: "The trips database (default: trips.sqlite in the data directory).")
    var path: String?

    /// Refuses a `--trips-db` that is a folder or cannot be created.
    func validate() throws {
        if let path { try FileArgument.database(path, option: "--trips-db") }
    }

    /// The database's path.
    var resolvedPath: String { path ?? LociPaths.dataDirectory.appendingPathComponent("trips.sqlite").path }

    /// Whether the database exists yet (only `loci trips create` makes it).
    var exists: Bool { FileManager.default.fileExists(atPath: resolvedPath) }

    /// Opens the store; without `creating`, a missing database is an error and nothing is written,
    /// so a command on a trip that cannot exist leaves no empty database behind.
    func open(creating: Bool = false) throws -> TripStore {
        guard creating || exists else {
            throw InputError("no trips yet: \(resolvedPath) does not exist (make a trip with `loci trips create NAME`)")
        }
        do { return try TripService.openStore(path: resolvedPath) } catch { throw InputError(error.description) }
    }

    /// Deletes the database and its SQLite companions (only for one this command just made).
    func removeFiles() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: resolvedPath + suffix) }
    }

    /// The trip use cases over the opened store; `places` is opened only for a place-store place.
    func service(places: PlaceDatabaseOption? = nil, creating: Bool = false) throws -> TripService {
        TripService(store: try open(creating: creating)) {
            guard let places else { throw InputError("no place database given") }
            return LocalPlacesProvider(store: try places.open())
        }
    }
}

/// `loci trips …`: Proximity's trips and their saved places.
struct TripsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips",
        abstract: "Create and manage trips and the places saved to them (Proximity).",
        subcommands: [
            TripsCreateCommand.self, TripsListCommand.self, TripsShowCommand.self, TripsAddPlaceCommand.self,
            TripsRemovePlaceCommand.self, TripsDeleteCommand.self, TripsImportCommand.self, TripsExportCommand.self,
        ])
}

struct TripsCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a trip.")

    @Argument(help: "The trip's name (unique).") var name: String
    @Option(help: "First day, YYYY-MM-DD.") var start: String?
    @Option(help: "Last day, YYYY-MM-DD.") var end: String?
    @Option(parsing: .unconditional, help: "Alert radius in metres (50–50000, default 500).", transform: NumberArgument.decimal) var radius: Double = 500
    @Option(help: "Quiet hours HH:MM-HH:MM (may wrap midnight, e.g. 22:00-07:00).") var quiet: String?
    @Option(name: .customLong("time-zone"), help: "IANA zone of the trip (default: the system's).") var timeZone: String?
    @Flag(help: "Create it switched off.") var inactive = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let quietHours = try quiet.map(parseQuietHours)
        let existed = database.exists
        let trip: Trip
        do {
            let service = try database.service(creating: true)
            trip = try tripAction { () throws(TripServiceError) in
                try service.create(
                    name: name, startDate: start, endDate: end, isActive: !inactive, alertRadius: radius,
                    quietHours: quietHours, timeZone: timeZone ?? TimeZone.current.identifier)
            }
        } catch {
            // A refused first trip leaves no database behind.
            if !existed { database.removeFiles() }
            throw error
        }
        print("Created trip '\(trip.name)' (radius \(Int(trip.alertRadius)) m).")
    }
}

/// `--quiet HH:MM-HH:MM`, read by ProximityKit's one parser (``QuietHours/init(text:)``).
func parseQuietHours(_ text: String) throws -> QuietHours {
    guard let window = QuietHours(text: text) else { throw InputError("--quiet: '\(text)' is not HH:MM-HH:MM") }
    return window
}

struct TripsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trips.")
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        var trips: [TripSummary] = []
        if database.exists {
            let service = try database.service()
            trips = try tripAction { () throws(TripServiceError) in try service.trips() }
        }
        if json {
            print(try CLIJSON.pretty(trips.map { TripOutput($0.trip, places: $0.places) }))
            return
        }
        if trips.isEmpty { print("No trips yet: loci trips create NAME") }
        for summary in trips {
            let trip = summary.trip
            let dates = [trip.startDate, trip.endDate].compactMap { $0 }.joined(separator: " … ")
            print("\(trip.name)\(trip.isActive ? "" : " (off)") — \(summary.places) places, \(Int(trip.alertRadius)) m\(dates.isEmpty ? "" : ", " + dates)")
        }
    }
}

struct TripsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a trip and its places.")
    @Argument(help: "The trip's name.") var name: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let service = try database.service()
        let (trip, places) = try tripAction { () throws(TripServiceError) in try service.tripWithPlaces(named: name) }
        if json {
            print(try CLIJSON.pretty(TripDetailOutput(trip: TripOutput(trip, places: places.count), places: places.map(SavedPlaceOutput.init))))
            return
        }
        print("\(trip.name)\(trip.isActive ? "" : " (off)"): alert radius \(Int(trip.alertRadius)) m, zone \(trip.timeZone)")
        for place in places {
            let radius = place.alertRadius.map { "  \(Int($0)) m" } ?? ""
            print("  \(place.id)  \(place.name)  \(String(format: "%.5f,%.5f", place.coordinate.latitude, place.coordinate.longitude))  \(place.category ?? "")\(radius)")
        }
    }
}

struct TripsAddPlaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-place", abstract: "Save a place to a trip: a place-store id, or a name and position.")
    @Argument(help: "The trip's name.") var trip: String
    @Option(help: "A place-store id (osm:node/123) read from --db.") var place: String?
    @Option(help: "Name, when not from the store.") var name: String?
    @Option(parsing: .unconditional, help: "Position LAT,LON, when not from the store.") var at: String?
    @Option(help: "Category id (cafe, restaurant, museum, …).") var category: String?
    @Option(help: "OSM opening_hours.") var hours: String?
    @Option(parsing: .unconditional, 
        help: "Alert radius for this place in metres (50–50000; default: the trip's).", transform: NumberArgument.decimal)
    var radius: Double?
    @Option(help: "A note kept with the place.") var note: String?
    @OptionGroup var places: PlaceDatabaseOption
    @OptionGroup var database: TripDatabaseOption

    func run() async throws {
        let service = try database.service(places: places)
        let source: SavedPlaceSource
        if let place {
            guard let id = PlaceID(rawValue: place) else { throw InputError("--place: '\(place)' is not a place id such as osm:node/123") }
            source = .stored(id)
        } else {
            guard let name, let at else { throw InputError("give --place ID, or --name NAME and --at LAT,LON") }
            source = .custom(name: name, coordinate: try parseCoordinate(at, argument: "--at"), openingHours: hours)
        }
        if let category { _ = try resolveCategory(category, registry: .standard) }
        let added: (trip: Trip, place: SavedPlace)
        do {
            added = try await service.addPlace(source, toTrip: trip, category: category, alertRadius: radius, note: note)
        } catch {
            if case .noPlace(let id) = error { throw InputError("--place: no place \(id.rawValue) in \(places.resolved)") }
            throw InputError(tripMessage(error))
        }
        print("Saved \(added.place.name) (\(added.place.id)) to \(added.trip.name).")
    }
}

struct TripsRemovePlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-place", abstract: "Remove a place from a trip.")
    @Argument(help: "The trip's name.") var trip: String
    @Argument(help: "The place's id (as shown by loci trips show).") var placeID: String
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let service = try database.service()
        let found = try tripAction { () throws(TripServiceError) in try service.removePlace(id: placeID, fromTrip: trip) }
        print("Removed \(placeID) from \(found.name).")
    }
}

struct TripsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a trip and its places.")
    @Argument(help: "The trip's name.") var name: String
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let service = try database.service()
        let found = try tripAction { () throws(TripServiceError) in try service.delete(named: name) }
        print("Deleted trip '\(found.name)'.")
    }
}

/// A trip refusal as the commands word it (`see loci trips list` hint).
func tripMessage(_ error: TripServiceError) -> String {
    switch error {
    case .noTrip(let name): "no trip called '\(name)' (see loci trips list)"
    case .store(let refusal):
        if let option = refusal.field.flatMap({ tripFieldOptions[$0] }) { "\(option): \(refusal.message)" } else { error.description }
    default: error.description
    }
}

/// The `loci trips` option that sets each trip field a refusal can name (the fields are the wire
/// names, which a person typing options never sees).
let tripFieldOptions = [
    "start_date": "--start", "end_date": "--end", "alert_radius_m": "--radius", "quiet_hours": "--quiet",
    "time_zone": "--time-zone", "radius_m": "--radius", "note": "--note",
]

/// Runs a trip action, turning its refusal into one input-error line.
func tripAction<T>(_ body: () throws(TripServiceError) -> T) throws -> T {
    do { return try body() } catch { throw InputError(tripMessage(error)) }
}

/// Runs `body`, turning any error but an ``InputError`` into one input-error line.
func wrap<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as InputError { throw error } catch { throw InputError("\(error)") }
}

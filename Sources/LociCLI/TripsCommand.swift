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

    func open() throws -> TripStore {
        let resolved = path ?? LociPaths.dataDirectory.appendingPathComponent("trips.sqlite").path
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: resolved).deletingLastPathComponent(), withIntermediateDirectories: true)
        do { return try TripStore(path: resolved) } catch { throw InputError("\(error)") }
    }
}

/// `loci trips …`: Proximity's trips and their saved places.
struct TripsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips",
        abstract: "Create and manage trips and the places saved to them (Proximity).",
        subcommands: [
            TripsCreateCommand.self, TripsListCommand.self, TripsShowCommand.self, TripsAddPlaceCommand.self,
            TripsRemovePlaceCommand.self, TripsDeleteCommand.self,
        ])
}

struct TripsCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a trip.")

    @Argument(help: "The trip's name (unique).") var name: String
    @Option(help: "First day, YYYY-MM-DD.") var start: String?
    @Option(help: "Last day, YYYY-MM-DD.") var end: String?
    @Option(help: "Alert radius in metres (50–50000, default 500).") var radius: Double = 500
    @Option(help: "Quiet hours HH:MM-HH:MM (may wrap midnight, e.g. 22:00-07:00).") var quiet: String?
    @Option(name: .customLong("time-zone"), help: "IANA zone of the trip (default: the system's).") var timeZone: String?
    @Flag(help: "Create it switched off.") var inactive = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let trip = Trip(
            id: UUID().uuidString.lowercased(), name: name.trimmingCharacters(in: .whitespaces), startDate: start, endDate: end,
            isActive: !inactive, alertRadius: radius, quietHours: try quiet.map(parseQuietHours),
            timeZone: timeZone ?? TimeZone.current.identifier)
        do { try store.create(trip) } catch { throw InputError("\(error)") }
        print("Created trip '\(trip.name)' (radius \(Int(trip.alertRadius)) m).")
    }
}

func parseQuietHours(_ text: String) throws -> QuietHours {
    let parts = text.split(separator: "-")
    guard parts.count == 2, let start = TripValidation.minutes(String(parts[0])), let end = TripValidation.minutes(String(parts[1])) else {
        throw InputError("--quiet: '\(text)' is not HH:MM-HH:MM")
    }
    return QuietHours(start: start, end: end)
}

struct TripsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trips.")
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let trips = try wrap { try store.trips() }
        let counts = Dictionary(grouping: try wrap { try store.places() }, by: \.tripID).mapValues(\.count)
        if json {
            print(try OutputFormat.json(trips.map { TripOutput($0, places: counts[$0.id] ?? 0) }))
            return
        }
        if trips.isEmpty { print("No trips yet: loci trips create NAME") }
        for trip in trips {
            let dates = [trip.startDate, trip.endDate].compactMap { $0 }.joined(separator: " … ")
            print("\(trip.name)\(trip.isActive ? "" : " (off)") — \(counts[trip.id] ?? 0) places, \(Int(trip.alertRadius)) m\(dates.isEmpty ? "" : ", " + dates)")
        }
    }
}

struct TripsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a trip and its places.")
    @Argument(help: "The trip's name.") var name: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let trip = try findTrip(name, store)
        let places = try wrap { try store.places(tripID: trip.id) }
        if json {
            print(try OutputFormat.json(TripDetailOutput(trip: TripOutput(trip, places: places.count), places: places.map(SavedPlaceOutput.init))))
            return
        }
        print("\(trip.name)\(trip.isActive ? "" : " (off)"): alert radius \(Int(trip.alertRadius)) m, zone \(trip.timeZone)")
        for place in places {
            print("  \(place.id)  \(place.name)  \(String(format: "%.5f,%.5f", place.coordinate.latitude, place.coordinate.longitude))  \(place.category ?? "")")
        }
    }
}

struct TripsAddPlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-place", abstract: "Save a place to a trip: a place-store id, or a name and position.")
    @Argument(help: "The trip's name.") var trip: String
    @Option(help: "A place-store id (osm:node/123) read from --db.") var place: String?
    @Option(help: "Name, when not from the store.") var name: String?
    @Option(parsing: .unconditional, help: "Position LAT,LON, when not from the store.") var at: String?
    @Option(help: "Category id (cafe, restaurant, museum, …).") var category: String?
    @Option(help: "OSM opening_hours.") var hours: String?
    @OptionGroup var places: PlaceDatabaseOption
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let found = try findTrip(trip, store)
        var saved: SavedPlace
        if let place {
            guard let id = PlaceID(rawValue: place) else { throw InputError("--place: '\(place)' is not a place id such as osm:node/123") }
            guard let stored = try places.open().place(id: id) else { throw InputError("--place: no place \(place) in \(places.resolved)") }
            saved = SavedPlace(
                id: stored.id.rawValue, tripID: found.id, name: stored.name ?? stored.id.rawValue, coordinate: stored.coordinate,
                category: stored.category,
                openingHours: stored.openingHours)
        } else {
            guard let name, let at else { throw InputError("give --place ID, or --name NAME and --at LAT,LON") }
            let coordinate = try parseCoordinate(at, argument: "--at")
            saved = SavedPlace(
                id: "custom:" + String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude), tripID: found.id, name: name,
                coordinate: coordinate, category: category, openingHours: hours.map { OpeningHours($0) })
        }
        if let category { saved.category = category }
        try wrap { try store.add([saved]) }
        print("Saved \(saved.name) (\(saved.id)) to \(found.name).")
    }
}

struct TripsRemovePlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-place", abstract: "Remove a place from a trip.")
    @Argument(help: "The trip's name.") var trip: String
    @Argument(help: "The place's id (as shown by loci trips show).") var placeID: String
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let found = try findTrip(trip, store)
        guard try wrap({ try store.remove(placeID: placeID, tripID: found.id) }) else {
            throw InputError("no place '\(placeID)' in trip '\(found.name)'")
        }
        print("Removed \(placeID) from \(found.name).")
    }
}

struct TripsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a trip and its places.")
    @Argument(help: "The trip's name.") var name: String
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let store = try database.open()
        let found = try findTrip(name, store)
        _ = try wrap { try store.delete(tripID: found.id) }
        print("Deleted trip '\(found.name)'.")
    }
}

func findTrip(_ name: String, _ store: TripStore) throws -> Trip {
    guard let trip = try wrap({ try store.trip(named: name) }) else { throw InputError("no trip called '\(name)' (see loci trips list)") }
    return trip
}

func wrap<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as InputError { throw error } catch { throw InputError("\(error)") }
}

struct TripOutput: Encodable {
    let id: String, name: String, start_date: String?, end_date: String?, active: Bool, alert_radius_m: Double
    let quiet_hours: String?, time_zone: String, places: Int

    init(_ trip: Trip, places: Int) {
        id = trip.id
        name = trip.name
        start_date = trip.startDate
        end_date = trip.endDate
        active = trip.isActive
        alert_radius_m = trip.alertRadius
        quiet_hours = trip.quietHours.map { String(format: "%02d:%02d-%02d:%02d", $0.start / 60, $0.start % 60, $0.end / 60, $0.end % 60) }
        time_zone = trip.timeZone
        self.places = places
    }
}

struct TripDetailOutput: Encodable {
    let trip: TripOutput
    let places: [SavedPlaceOutput]
}

struct SavedPlaceOutput: Encodable {
    let id: String, name: String, lat: Double, lon: Double, category: String?, opening_hours: String?

    init(_ place: SavedPlace) {
        id = place.id
        name = place.name
        lat = place.coordinate.latitude
        lon = place.coordinate.longitude
        category = place.category
        opening_hours = place.openingHours?.raw
    }
}

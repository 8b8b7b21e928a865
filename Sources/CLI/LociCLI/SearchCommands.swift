import ArgumentParser
import Foundation
import GeoKit
import LociWire
import PlaceKit
import PlaceStore

/// `loci search QUERY --near LAT,LON`: ranked text and category search over the local store.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search places by name or category (\"Ateneum\", \"kahvila\", \"cafe regata\"), nearest-first when --near is given."
    )

    @Argument(help: "What to look for: a name, part of one, or a category word.")
    var query: String

    @Option(parsing: .unconditional, help: "Search around this point, LAT,LON (negative values as they are: --near -33.87,151.21).")
    var near: String?

    @Option(parsing: .unconditional, help: "Search radius in metres around --near (default 5000).", transform: NumberArgument.decimal)
    var radius: Double?

    @Option(parsing: .unconditional, help: "How many results at most (1-1000, default 10).", transform: NumberArgument.whole)
    var limit: Int = 10

    @OptionGroup var database: PlaceDatabaseOption
    @OptionGroup var output: PlaceOutputOptions

    mutating func run() async throws {
        let center = try near.map { try parseCoordinate($0, argument: "--near") }
        let radius = try validatedRadius(radius)
        let limit = try validatedLimit(limit)
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError("QUERY is empty; give a name or a category word")
        }
        let store = try database.open()
        let provider = LocalPlacesProvider(store: store)
        let results = try await provider.searchPlaces(SearchRequest(text: query, center: center, radius: radius, limit: limit))
        try output.print(results, store: store)
    }
}

/// `loci nearby --near LAT,LON --category NAME`: places of a category, nearest first.
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Places of a category near a point, nearest first (--category cafe, or a word such as coffee or kahvila)."
    )

    @Option(parsing: .unconditional, help: "The centre, LAT,LON (negative values as they are).")
    var near: String

    @Option(help: "A category id (cafe, restaurant, pharmacy, …) or a word that names one (coffee, kahvila).")
    var category: String?

    @Option(parsing: .unconditional, help: "Radius in metres (default 1000).", transform: NumberArgument.decimal)
    var radius: Double?

    @Option(parsing: .unconditional, help: "How many results at most (1-1000, default 20).", transform: NumberArgument.whole)
    var limit: Int = 20

    @OptionGroup var database: PlaceDatabaseOption
    @OptionGroup var output: PlaceOutputOptions

    mutating func run() async throws {
        let center = try parseCoordinate(near, argument: "--near")
        let radius = try validatedRadius(radius) ?? 1_000
        let limit = try validatedLimit(limit)
        var categories: [PlaceCategory.ID] = []
        if let category {
            categories = [try resolveCategory(category, registry: .standard).id]
        }
        let store = try database.open()
        let provider = LocalPlacesProvider(store: store)
        let results = try await provider.searchNearby(center: center, categories: categories, radius: radius, limit: limit)
        try output.print(results, store: store)
    }
}

/// `loci autocomplete PREFIX --near LAT,LON`: suggestions while typing.
struct AutocompleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autocomplete",
        abstract: "Suggest places whose names start with (or nearly start with) PREFIX."
    )

    @Argument(help: "What has been typed so far.")
    var prefix: String

    @Option(parsing: .unconditional, help: "Suggest around this point, LAT,LON (negative values as they are).")
    var near: String?

    @Option(parsing: .unconditional, help: "Radius in metres around --near (default 5000).", transform: NumberArgument.decimal)
    var radius: Double?

    @Option(parsing: .unconditional, help: "How many suggestions at most (1-1000, default 8).", transform: NumberArgument.whole)
    var limit: Int = 8

    @OptionGroup var database: PlaceDatabaseOption
    @OptionGroup var output: PlaceOutputOptions

    mutating func run() async throws {
        let center = try near.map { try parseCoordinate($0, argument: "--near") }
        let radius = try validatedRadius(radius)
        let limit = try validatedLimit(limit)
        let store = try database.open()
        let provider = LocalPlacesProvider(store: store)
        let results = try await provider.autocomplete(prefix: prefix, center: center, radius: radius, limit: limit)
        try output.print(results, store: store)
    }
}

/// `loci place ID`: everything the store knows about one place.
struct PlaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Show one place by id (as printed by search: osm:node/123, osm:way/45)."
    )

    @Argument(help: "The place id.")
    var id: String

    @OptionGroup var database: PlaceDatabaseOption
    @OptionGroup var output: PlaceOutputOptions

    mutating func run() async throws {
        guard let placeID = PlaceID(rawValue: id) else {
            throw InputError("'\(id)' is not a place id; ids look like osm:node/123 or osm:way/45")
        }
        let store = try database.open()
        let provider = LocalPlacesProvider(store: store)
        guard let place = try await provider.placeDetails(id: placeID) else {
            throw InputError("no place with id \(id) in \(database.resolved)")
        }
        let zone = try output.zone(store: store)
        let rendered = WirePlace(place, at: try output.instant(), in: zone, registry: .standard)
        if output.json {
            // The search result's members with no ranking (null), as this command has always printed.
            print(try CLIJSON.pretty(WireSearchResult(place: rendered, distanceM: nil, score: nil, match: nil)))
            return
        }
        let details = rendered.details
        print("""
            \(rendered.name ?? "(unnamed)")  [\(details?.categoryName ?? rendered.category)]  \(rendered.id)
            location      \(place.coordinate)
            """)
        if let address = details?.address { print("address       \(address)") }
        if let hours = details?.openingHours {
            let state = details?.openNow.map { $0 ? "open now" : "closed now" } ?? "open now: unknown"
            print("hours         \(hours)  (\(state), \(zone.identifier))")
        }
        if let phone = details?.phone { print("phone         \(phone)") }
        if let website = details?.website { print("website       \(website)") }
        if let wikidata = details?.wikidata { print("wikidata      \(wikidata)") }
        if let names = details?.alternativeNames, !names.isEmpty { print("also known as \(names.joined(separator: "; "))") }
    }
}

func validatedRadius(_ radius: Double?) throws -> Double? {
    guard let radius else { return nil }
    guard radius.isFinite, radius > 0, radius <= 20_037_509 else {
        throw InputError("--radius must be a positive number of metres up to half the earth's circumference, got \(radius)")
    }
    return radius
}

func validatedLimit(_ limit: Int) throws -> Int {
    guard (1...1_000).contains(limit) else { throw InputError("--limit must be between 1 and 1000, got \(limit)") }
    return limit
}

/// A category by id, or by a word that names one ("coffee" → cafe).
func resolveCategory(_ text: String, registry: CategoryRegistry) throws -> PlaceCategory {
    if let category = registry.category(id: text) { return category }
    if let category = registry.categories(matchingQuery: text).first { return category }
    let suggestions = registry.allCategories.map(\.id).filter { $0.hasPrefix(String(text.lowercased().prefix(2))) }.prefix(8)
    let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
    throw InputError("--category: unknown category '\(text)'\(hint)")
}

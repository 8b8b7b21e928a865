import ArgumentParser
import Foundation
import GeoKit
import PlaceImport
import PlaceKit
import PlaceStore

/// `--db PATH`, shared by the place commands.
struct PlaceDatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: "The place database (default: places.sqlite in $LOCI_DATA_DIR or ~/.local/share/loci).")
    var path: String?

    var resolved: String { path ?? LociPaths.defaultPlaceDatabase }

    /// Opens the store, or explains how to create one.
    func open() throws -> SQLitePlaceStore {
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw InputError("no place database at \(resolved); create one with: loci import FILE.osm.pbf --db \(resolved)")
        }
        return try SQLitePlaceStore(path: resolved)
    }
}

/// `--json`, `--time-zone`, `--at`: how results are printed and judged open or closed.
struct PlaceOutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(name: .customLong("time-zone"), help: "IANA time zone for open-now (default: the one given at import, else the system's).")
    var timeZone: String?

    @Option(help: "Judge open-now at this ISO 8601 instant instead of now (e.g. 2026-11-23T14:00:00Z).")
    var at: String?

    /// The zone for open-now: `--time-zone`, else the store's `time_zone` metadata, else the system's.
    func zone(store: SQLitePlaceStore? = nil) throws -> TimeZone {
        guard let timeZone else {
            let stored = try store?.metadata("time_zone")
            return stored.flatMap(TimeZone.init(identifier:)) ?? .current
        }
        guard let zone = TimeZone(identifier: timeZone) else {
            throw InputError("--time-zone: '\(timeZone)' is not an IANA time zone name (e.g. Europe/Helsinki)")
        }
        return zone
    }

    func instant() throws -> Date {
        guard let at else { return Date() }
        guard let date = ISO8601DateFormatter().date(from: at) else {
            throw InputError("--at: '\(at)' is not an ISO 8601 instant such as 2026-11-23T14:00:00Z")
        }
        return date
    }

    /// Prints ranked places as JSON (an array) or as text lines.
    func print(_ results: [RankedPlace], store: SQLitePlaceStore, registry: CategoryRegistry = .standard) throws {
        let zone = try zone(store: store)
        let now = try instant()
        let outputs = results.map { PlaceOutput($0.place, distance: $0.distance, score: $0.score, match: $0.match, at: now, in: zone, registry: registry) }
        if json {
            Swift.print(try OutputFormat.json(outputs))
            return
        }
        if outputs.isEmpty { Swift.print("no places found") }
        for (rank, output) in outputs.enumerated() {
            let distance = output.distance_m.map { "  " + Compass.formatDistance($0) } ?? ""
            let open = output.open_now.map { $0 ? "  open" : "  closed" } ?? ""
            Swift.print("\(rank + 1). \(output.name ?? "(unnamed)")  [\(output.category_name)]\(distance)\(open)  \(output.match ?? "") \(OutputFormat.number(output.score ?? 0, decimals: 3))  \(output.id)")
        }
    }
}

/// One place as the CLI prints it; the field names are a contract (`lat`, `lon`, `distance_m`, …).
struct PlaceOutput: Encodable {
    let id: String
    let name: String?
    let category: String
    let category_name: String
    let symbol: String
    let color: String
    let lat: Double
    let lon: Double
    let distance_m: Double?
    let score: Double?
    let match: String?
    let open_now: Bool?
    let opening_hours: String?
    let address: String?
    let phone: String?
    let website: String?
    let wikidata: String?
    let alternative_names: [String]
    let importance: Double

    private enum CodingKeys: String, CodingKey {
        case id, name, category, category_name, symbol, color, lat, lon, distance_m, score, match, open_now
        case opening_hours, address, phone, website, wikidata, alternative_names, importance
    }

    /// Writes every key, with `null` for unknown values (`open_now` is true, false or null).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(category, forKey: .category)
        try container.encode(category_name, forKey: .category_name)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(color, forKey: .color)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(distance_m, forKey: .distance_m)
        try container.encode(score, forKey: .score)
        try container.encode(match, forKey: .match)
        try container.encode(open_now, forKey: .open_now)
        try container.encode(opening_hours, forKey: .opening_hours)
        try container.encode(address, forKey: .address)
        try container.encode(phone, forKey: .phone)
        try container.encode(website, forKey: .website)
        try container.encode(wikidata, forKey: .wikidata)
        try container.encode(alternative_names, forKey: .alternative_names)
        try container.encode(importance, forKey: .importance)
    }

    init(_ place: Place, distance: Double?, score: Double?, match: MatchKind?, at instant: Date, in zone: TimeZone, registry: CategoryRegistry) {
        let category = registry.category(id: place.category)
        id = place.id.rawValue
        name = place.name
        self.category = place.category
        category_name = category?.displayName ?? place.category
        symbol = category?.symbolName ?? "mappin"
        color = category?.colorHex ?? "#808080"
        lat = place.coordinate.latitude
        lon = place.coordinate.longitude
        distance_m = distance
        self.score = score
        self.match = match?.rawValue
        open_now = place.openingHours?.isOpen(at: instant, in: zone)
        opening_hours = place.openingHours?.raw
        address = place.address?.formatted
        phone = place.phone
        website = place.website
        wikidata = place.wikidataID
        alternative_names = place.alternativeNames
        importance = place.importance
    }
}

import Foundation
import GeoKit
import PlaceImport
import PlaceKit
import PlaceStore
import SeededRandom

/// One timed place query: a centre, the text typed, and the place it was drawn from.
public struct PlaceBenchQuery: Sendable, Hashable {
    /// How the text was made from the target's name.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The whole folded name (at most four words): 60 % of the queries.
        case whole
        /// The folded name cut to 3–6 characters: 30 %.
        case prefix
        /// The whole name with one letter of its longest word (≥ 5 letters) replaced: 10 %.
        case typo
    }

    /// The query centre: a real place of a replicated city.
    public var center: Coordinate
    /// How ``text`` was made.
    public var kind: Kind
    /// The search text (folded).
    public var text: String
    /// The folded name cut to 3–6 characters, for autocomplete.
    public var prefix: String
    /// The place whose name the texts come from (a copy of it lies within 2 km of the centre).
    public var id: PlaceID
}

/// The 1 M-place benchmark database: the real places of an OSM extract (Helsinki), copied
/// whole to random city centres (latitude −55…65°, any longitude; copy 0 stays put) with
/// ±50 m jitter, so every city has real density and real names. Deterministic for a seed;
/// cached by source size, place count, seed and store schema version, so reruns skip the build.
public enum PlaceBenchData {
    /// The built database and its queries.
    public struct Built: Sendable {
        /// Path of the SQLite place store.
        public var databasePath: String
        /// Path of the query file (CSV: `lat,lon,kind,text,prefix,id`), read by the anchor script.
        public var queriesPath: String
        /// The queries, in file order.
        public var queries: [PlaceBenchQuery]
    }

    /// Returns the cached database for these inputs, building it (and its queries) if missing.
    ///
    /// - Parameters:
    ///   - osm: the extract whose places are replicated.
    ///   - places: places in the database.
    ///   - queries: how many queries to draw.
    ///   - cache: the folder holding built databases.
    public static func prepare(
        osm: URL, places: Int, queries count: Int, seed: UInt64, cache: URL, log: (String) -> Void
    ) throws -> Built {
        let sourceBytes = (try? FileManager.default.attributesOfItem(atPath: osm.path)[.size] as? Int) ?? 0
        let folder = cache.appendingPathComponent(
            "places-\(places)-q\(count)-seed\(seed)-src\(sourceBytes)-\(PlaceStoreSchema.currentVersion)")
        let database = folder.appendingPathComponent("places.sqlite")
        let queryFile = folder.appendingPathComponent("queries.csv")
        if FileManager.default.fileExists(atPath: database.path), FileManager.default.fileExists(atPath: queryFile.path) {
            log("using cached \(database.path)")
            return Built(databasePath: database.path, queriesPath: queryFile.path, queries: try readQueries(queryFile))
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scratch = folder.appendingPathComponent("source.sqlite")
        log("importing \(osm.lastPathComponent)")
        _ = try OSMPlaceImporter().import(from: osm, into: scratch.path)
        let originals = try SQLitePlaceStore(path: scratch.path).places(in: .world, limit: 50_000_000)
        try? FileManager.default.removeItem(at: scratch)
        guard !originals.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
        var rng = SplitMix64(seed: seed)
        log("replicating \(originals.count) places to \(places)")
        let building = folder.appendingPathComponent("places.sqlite.building")
        try? FileManager.default.removeItem(at: building)
        let cities = try replicate(originals, total: places, into: building.path, using: &rng)
        let queries = makeQueries(originals, cities: cities, count: count, using: &rng)
        try writeQueries(queries, to: queryFile)
        try? FileManager.default.removeItem(at: database)
        try FileManager.default.moveItem(at: building, to: database)
        return Built(databasePath: database.path, queriesPath: queryFile.path, queries: queries)
    }

    /// The centre every copy is moved relative to: the mean position of the originals.
    private static func origin(_ originals: [Place]) -> Coordinate {
        let latitude = originals.map(\.coordinate.latitude).reduce(0, +) / Double(originals.count)
        let longitude = originals.map(\.coordinate.longitude).reduce(0, +) / Double(originals.count)
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// `coordinate` moved from `origin` to `city` (east-west offsets scaled by latitude).
    private static func move(_ coordinate: Coordinate, from origin: Coordinate, to city: Coordinate, jitter: (Double, Double)) -> Coordinate? {
        let scale = cos(origin.latitude * .pi / 180) / max(0.05, cos(city.latitude * .pi / 180))
        let latitude = city.latitude + coordinate.latitude - origin.latitude + jitter.0
        let longitude = city.longitude + (coordinate.longitude - origin.longitude) * scale + jitter.1
        return try? Coordinate(latitude: max(-90, min(90, latitude)), wrappingLongitude: longitude)
    }

    private static func replicate(
        _ originals: [Place], total: Int, into path: String, using rng: inout SplitMix64
    ) throws -> [Coordinate] {
        let centre = origin(originals)
        let writer = try PlaceStoreWriter(path: path)
        var written = 0
        var cities: [Coordinate] = []
        do {
            while written < total {
                let copy = cities.count
                let city = copy == 0 ? centre : Coordinate(
                    uncheckedLatitude: Double.random(in: -55...65, using: &rng),
                    longitude: Double.random(in: -180..<180, using: &rng))
                cities.append(city)
                var batch: [Place] = []
                for original in originals where written + batch.count < total {
                    let jitter = copy == 0 ? (0, 0) : (
                        Double.random(in: -0.00045...0.00045, using: &rng), Double.random(in: -0.0009...0.0009, using: &rng))
                    guard let moved = move(original.coordinate, from: centre, to: city, jitter: jitter),
                        let id = PlaceID(rawValue: copy == 0 ? original.id.rawValue : "bench:\(copy)/\(original.id.rawValue.dropFirst(4))")
                    else { continue }
                    var place = original
                    place.coordinate = moved
                    place.id = id
                    batch.append(place)
                }
                guard !batch.isEmpty else { break }
                try writer.insert(batch)
                written += batch.count
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return cities
    }

    /// Queries: a centre at a random real place in a random city, and a named place within
    /// 1.8 km of it whose name gives the texts (kinds in the proportions of ``PlaceBenchQuery/Kind``).
    private static func makeQueries(
        _ originals: [Place], cities: [Coordinate], count: Int, using rng: inout SplitMix64
    ) -> [PlaceBenchQuery] {
        let centre = origin(originals)
        let named = originals.filter { SearchText.fold($0.name ?? "").count >= 4 }
        guard !named.isEmpty else { return [] }
        var queries: [PlaceBenchQuery] = []
        var attempts = 0
        while queries.count < count, attempts < 1_000 * count {
            attempts += 1
            guard let anchor = originals.randomElement(using: &rng), let target = named.randomElement(using: &rng),
                Haversine.distance(anchor.coordinate, target.coordinate) < 1_800,
                let city = cities.randomElement(using: &rng),
                let point = move(anchor.coordinate, from: centre, to: city, jitter: (0, 0))
            else { continue }
            let words = SearchText.words(target.name ?? "").prefix(4)
            let whole = words.joined(separator: " ")
            let cut = String(whole.prefix(Int.random(in: 3...6, using: &rng))).trimmingCharacters(in: .whitespaces)
            let kind: PlaceBenchQuery.Kind = switch queries.count % 10 { case 0..<6: .whole; case 6..<9: .prefix; default: .typo }
            var text = kind == .prefix ? cut : whole
            if kind == .typo {
                guard let typo = typo(words: Array(words), using: &rng) else { continue }
                text = typo
            }
            queries.append(PlaceBenchQuery(center: point, kind: kind, text: text, prefix: cut, id: target.id))
        }
        return queries
    }

    /// The words with one letter (not the first) of the longest word of ≥ 5 letters replaced.
    private static func typo(words: [String], using rng: inout SplitMix64) -> String? {
        guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }), words[longest].count >= 5
        else { return nil }
        var letters = Array(words[longest])
        let position = Int.random(in: 1..<letters.count, using: &rng)
        let replacements = Array("aeiounrstk").filter { $0 != letters[position] }
        guard let replacement = replacements.randomElement(using: &rng) else { return nil }
        letters[position] = replacement
        var changed = words
        changed[longest] = String(letters)
        return changed.joined(separator: " ")
    }

    private static func writeQueries(_ queries: [PlaceBenchQuery], to url: URL) throws {
        var lines = "lat,lon,kind,text,prefix,id\n"
        for query in queries {
            lines += "\(query.center.latitude),\(query.center.longitude),\(query.kind.rawValue),\(query.text),\(query.prefix),\(query.id.rawValue)\n"
        }
        try Data(lines.utf8).write(to: url, options: .atomic)
    }

    private static func readQueries(_ url: URL) throws -> [PlaceBenchQuery] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let parts = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 6, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                let center = try? Coordinate(latitude: latitude, longitude: longitude),
                let kind = PlaceBenchQuery.Kind(rawValue: parts[2]), let id = PlaceID(rawValue: parts[5])
            else { return nil }
            return PlaceBenchQuery(center: center, kind: kind, text: parts[3], prefix: parts[4], id: id)
        }
    }
}

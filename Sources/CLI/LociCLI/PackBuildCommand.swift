import ArgumentParser
import Foundation
import GeoKit
import IdentifyPack
import IdentifyPackBuilder

/// `loci pack build (EXTRACT | --db STORE) --out FILE`: one offline pack for an area.
struct PackBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build an offline pack from an OSM extract or a place database made by `loci import`.",
        discussion: """
            The pack is one SQLite file: the area's buildings with their heights, the places that are \
            landmarks, the --landmarks list's and --airports list's items near the area, and a manifest \
            (area, sources with their licence lines, sizes, SHA-256 checksums, format version, build time). \
            It is written beside --out and renamed into place only when complete and verified.
            """)

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf or .osm).", valueName: "EXTRACT"))
    var extract: String?
    @Option(name: .customLong("db"), help: "A place database made by `loci import` (instead of EXTRACT).")
    var database: String?
    @Option(help: "The pack file to write.") var out: String
    @Option(help: "Wikidata landmarks CSV (as in landmarks/wikidata-landmarks.csv); default none, as `loci identify`.")
    var landmarks: String?
    @Option(help: "airports.csv (icao,iata,name,city,…); default none, as `loci identify`.") var airports: String?
    @Option(parsing: .unconditional, help: "The area S,W,N,E in degrees (default: everything the source holds).")
    var bbox: String?
    @Option(help: "The area's name (default: the extract's file name without extensions).") var name: String?
    @Flag(help: "Print the manifest as JSON instead of text.") var json = false

    func validate() throws {
        guard (extract == nil) != (database == nil) else {
            throw ValidationError("give an EXTRACT or --db PLACES.sqlite (exactly one)")
        }
    }

    mutating func run() throws {
        if let extract { try FileArgument.readable(extract, option: nil, expected: "an OSM extract (.osm.pbf or .osm)") }
        if let database { try FileArgument.readable(database, option: "--db", expected: "a place database (loci import)") }
        if let landmarks { try FileArgument.readable(landmarks, option: "--landmarks", expected: "a Wikidata landmarks CSV") }
        if let airports { try FileArgument.readable(airports, option: "--airports", expected: "airports.csv") }
        try FileArgument.writable(out, option: "--out")
        let builder = PackBuilder(
            name: name, area: try bbox.map(Self.area), landmarksFile: landmarks.map(URL.init(fileURLWithPath:)),
            airportsFile: airports.map(URL.init(fileURLWithPath:)))
        let source: PackBuilder.Source =
            if let extract { .extract(URL(fileURLWithPath: extract)) } else { .store(path: database ?? "") }
        let manifest = try builder.build(from: source, to: out, now: Date())
        print(json ? try manifest.json(pretty: true) : PackSummary.text(manifest, path: out))
    }

    /// `--bbox S,W,N,E` as a box.
    static func area(_ text: String) throws -> BoundingBox {
        let values = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4, let south = values[0], let west = values[1], let north = values[2], let east = values[3]
        else { throw InputError("--bbox: '\(text)' is not four numbers S,W,N,E") }
        do { return try BoundingBox(south: south, west: west, north: north, east: east) } catch {
            throw InputError("--bbox: \(error)")
        }
    }
}

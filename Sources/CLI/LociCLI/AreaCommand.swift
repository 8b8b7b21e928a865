import AreaBuilder
import AreaKit
import ArgumentParser
import Foundation

/// `loci area`: the areas `loci serve --areas` offers for download.
struct AreaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "area",
        abstract: "Build the files of an area a device downloads (identify pack and place store).",
        subcommands: [AreaBuildCommand.self])
}

/// `loci area build EXTRACT --name NAME --out DIR`: both files of one area and its manifest.
struct AreaBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build an area's identify pack and place store from an OSM extract into DIR/NAME/.",
        discussion: """
            Imports the extract into the place store (as `loci import`), cuts the identify pack from it \
            (as `loci pack build`) and writes area.json (name, bounds, and per file: size, SHA-256, \
            format version, build time). Everything is written into a hidden folder beside DIR/NAME and \
            moved into place only when complete and checked: a failed build leaves a previous DIR/NAME \
            untouched. `loci serve --areas DIR` serves the result.
            """)

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf or .osm).", valueName: "EXTRACT"))
    var extract: String
    @Option(help: "The area's name: lowercase letters, digits, '-', '_', '.' (e.g. helsinki).") var name: String
    @Option(help: "The folder of areas; the area is written to OUT/NAME/.") var out: String
    @Option(help: "Wikidata landmarks CSV for the identify pack; default none.") var landmarks: String?
    @Option(help: "airports.csv for the identify pack; default none.") var airports: String?
    @Option(parsing: .unconditional, help: "The pack's area S,W,N,E in degrees (default: everything the extract holds).")
    var bbox: String?
    @Option(name: .customLong("time-zone"), help: "IANA time zone of the extract, stored for open-now answers.")
    var timeZone: String?
    @Flag(help: "Print the area's manifest as JSON instead of text.") var json = false

    func validate() throws {
        if let problem = AreaName.problem(name) { throw ValidationError("--name '\(name)': \(problem)") }
    }

    mutating func run() throws {
        try FileArgument.readable(extract, option: nil, expected: "an OSM extract (.osm.pbf or .osm)")
        if let landmarks { try FileArgument.readable(landmarks, option: "--landmarks", expected: "a Wikidata landmarks CSV") }
        if let airports { try FileArgument.readable(airports, option: "--airports", expected: "airports.csv") }
        if let timeZone { _ = try TimeZoneArgument.zone(timeZone) }
        try FileArgument.writableFolder(out, option: "--out")
        let builder = AreaBuilder(
            name: name, landmarksFile: landmarks.map(URL.init(fileURLWithPath:)),
            airportsFile: airports.map(URL.init(fileURLWithPath:)), area: try bbox.map(PackBuildCommand.area),
            timeZone: timeZone)
        let manifest: AreaManifest
        do {
            manifest = try builder.build(extract: URL(fileURLWithPath: extract), into: URL(fileURLWithPath: out), now: Date())
        } catch { throw InputError(error.description) }
        if json {
            print(String(decoding: try manifest.json(), as: UTF8.self))
            return
        }
        let folder = URL(fileURLWithPath: out).appendingPathComponent(name).path
        var lines = [
            "area          \(manifest.name) → \(folder)",
            "bounds        S \(manifest.bounds.south) W \(manifest.bounds.west) N \(manifest.bounds.north) E \(manifest.bounds.east)",
        ]
        for file in manifest.files {
            lines.append("\(file.kind.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0))\(file.file), \(file.bytes) bytes, format \(file.formatVersion), sha256 \(file.sha256)")
        }
        print(lines.joined(separator: "\n"))
    }
}

import ArgumentParser
import Foundation
import Gazetteer
import GeoKit
import LociBenchmarks

/// `loci geocode …`: offline reverse geocoding and time zones from the GeoNames gazetteer.
struct GeocodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract: "Offline reverse geocoding: the town, neighbourhood and time zone of a point.",
        subcommands: [GeocodeReverseCommand.self, GeocodeForwardCommand.self, GeocodeBenchCommand.self]
    )
}

/// Where the gazetteer comes from: `--gazetteer PATH`, else the data directory.
struct GazetteerOption: ParsableArguments {
    @Option(
        help:
            "The gazetteer TSV (.tsv or .tsv.gz); default: gazetteer-cities500.tsv.gz in the data directory.")
    var gazetteer: String?

    /// The gazetteer file to read.
    var path: String {
        gazetteer ?? LociPaths.dataDirectory.appendingPathComponent("gazetteer-cities500.tsv.gz").path
    }

    /// Loads the gazetteer through its binary cache beside the file (written when the folder
    /// allows), or explains how to get one.
    func load() throws -> Gazetteer {
        try checkExists()
        do {
            return try Gazetteer.load(contentsOf: path).gazetteer
        } catch {
            throw InputError(error.description)
        }
    }

    /// Fails with a pointer to `scripts/fetch-data` when the file is missing.
    func checkExists() throws {
        if let gazetteer { try FileArgument.readable(gazetteer, option: "--gazetteer", expected: "the gazetteer TSV") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(
                "no gazetteer at \(path); run scripts/fetch-data to download it, or pass --gazetteer PATH")
        }
    }
}

/// `loci geocode reverse LAT,LON [--json]`.
struct GeocodeReverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "The populated place a point belongs to (\"Kallio, Helsinki\") and its IANA time zone.",
        usage: "loci geocode reverse LAT,LON [--within METRES] [--gazetteer PATH] [--json]"
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The point, LAT,LON (negative values as they are).", valueName: "LAT,LON"))
    var values: [String] = []

    @Option(parsing: .unconditional, help: "Answer only when a place is within this many metres (default 25000).", transform: NumberArgument.decimal)
    var within: Double = 25_000

    @OptionGroup var source: GazetteerOption

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func run() throws {
        let point = try parseCoordinate(positionalValues(values, shape: ["LAT,LON"])[0], argument: "point")
        guard within.isFinite, within >= 0 else { throw InputError("--within must be a finite number ≥ 0") }
        let gazetteer = try source.load()
        let answer = gazetteer.reverse(point, within: within)
        let zone = answer?.locality.timeZone ?? gazetteer.timeZone(at: point)
        let place = answer.map { $0.neighbourhood ?? $0.locality }
        let output = ReverseGeocodeJSON(
            label: answer?.label, name: place?.name, locality: answer?.locality.name,
            neighbourhood: answer?.neighbourhood?.name, admin1: answer?.locality.admin1,
            admin2: answer?.locality.admin2, country_code: answer?.locality.countryCode, time_zone: zone,
            distance_m: answer?.distance, geoname_id: place?.geonameID, lat: point.latitude,
            lon: point.longitude)
        if json {
            print(try CLIJSON.pretty(output))
        } else if let answer {
            print(answer.label)
            print("  locality       \(answer.locality.name) (\(answer.locality.countryCode))")
            if let neighbourhood = answer.neighbourhood { print("  neighbourhood  \(neighbourhood.name)") }
            print(
                "  nearest        \(answer.nearest.name), \(OutputFormat.number(answer.distance, decimals: 0)) m"
            )
            print("  time zone      \(zone ?? "unknown")")
        } else {
            print("no populated place within \(OutputFormat.number(within, decimals: 0)) m")
            print("  time zone      \(zone ?? "unknown (far from any place)")")
        }
    }
}

/// `loci geocode bench`: load time and lookup speed on the real gazetteer (use a release build).
struct GeocodeBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Time loading the gazetteer and 10,000 reverse lookups near real places (build with -c release)."
    )

    @Option(parsing: .unconditional, help: "Lookups per round (default 10000).", transform: NumberArgument.whole)
    var lookups: Int = 10_000

    @Option(parsing: .unconditional, help: "Timed rounds; medians are reported (default 5).", transform: NumberArgument.whole)
    var rounds: Int = 5

    @OptionGroup var source: GazetteerOption

    func validate() throws {
        guard lookups > 0 else { throw ValidationError("--lookups must be positive") }
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
    }

    mutating func run() async throws {
        try source.checkExists()
        let bench = GazetteerBench(path: source.path, lookups: lookups, rounds: rounds)
        let output: GazetteerBench.Output
        do { output = try await bench.run(anchors: BenchAnchors(runExternal: false), log: { _ in }) } catch let error
            as BenchError
        {
            throw InputError(error.description)
        }
        print(bench.markdown(output))
    }
}

import ArgumentParser
import Foundation
import GeoKit
import GooglePlaces
import LociWire
import PlaceKit
import PlaceProviders
import PlaceStore

/// `loci compare QUERY --near LAT,LON`: the same search from several providers, side by side.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "The same search from the local store and Google Places (New), side by side.",
        discussion: """
            Google needs an API key in \(GooglePlacesConfiguration.apiKeyVariable) (Places API (New) enabled); \
            without one its column says so and the other providers still answer. The Google call is a \
            Text Search Pro request (ids, names, positions, types, address only).
            """
    )

    @Argument(help: "What to look for: a name or a category word.")
    var query: String

    @Option(parsing: .unconditional, help: "Search around this point, LAT,LON (negative values as they are).")
    var near: String

    @Option(
        parsing: .unconditional, help: "Search radius in metres (default 5000; Google takes at most 50000).", transform: NumberArgument.decimal)
    var radius: Double?

    @Option(parsing: .unconditional, help: "How many results per provider (1-20, default 10).", transform: NumberArgument.whole)
    var limit: Int = 10

    @Option(help: "Comma-separated providers to ask, in column order (default local,google).")
    var providers: String = "local,google"

    @Option(
        name: .customLong("google-base-url"),
        help: "Send Google requests here instead of Google (a test stub).")
    var googleBaseURL: String?

    @OptionGroup var database: PlaceDatabaseOption

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func run() async throws {
        let center = try parseCoordinate(near, argument: "--near")
        let radius = try validatedRadius(radius) ?? 5_000
        guard (1...20).contains(limit) else {
            throw InputError("--limit must be between 1 and 20, got \(limit)")
        }
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError("QUERY is empty; give a name or a category word")
        }
        let kinds = try providers.split(separator: ",").map { name -> PlaceProviderKind in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let kind = PlaceProviderKind(rawValue: trimmed) else {
                throw InputError("--providers: unknown provider '\(trimmed)'; use local and/or google")
            }
            return kind
        }
        guard !kinds.isEmpty else { throw InputError("--providers is empty; use local and/or google") }
        let request = SearchRequest(text: query, center: center, radius: radius, limit: limit)
        let comparison = PlaceComparison(store: { [database] in try database.open() }, google: googleConfiguration)
        let columns = await comparison.compare(request, providers: kinds).map { column in
            WireComparison.Column(
                provider: column.provider.rawValue,
                results: column.results.enumerated().map { WireComparison.Row(rank: $0.offset + 1, ranked: $0.element) },
                error: column.failure)
        }
        if json {
            let report = WireComparison(
                query: query, lat: center.latitude, lon: center.longitude, radiusM: radius, providers: columns)
            print(try CLIJSON.pretty(ComparisonJSON(comparison: report)))
        } else {
            print(CompareTable.render(columns))
        }
        for column in columns where column.error != nil {
            FileHandle.standardError.write(
                Data("loci compare: \(column.provider): \(column.error ?? "")\n".utf8))
        }
        if columns.allSatisfy({ $0.error != nil }) { throw ExitCode(1) }
    }

    /// Google's configuration: `--google-base-url` (checked only when Google is asked) and the
    /// key from the environment.
    private var googleConfiguration: @Sendable () throws -> GooglePlacesConfiguration {
        { [googleBaseURL] in
            var baseURL = GooglePlacesConfiguration.defaultBaseURL
            if let googleBaseURL {
                baseURL = try URLArgument.http(googleBaseURL, option: "--google-base-url")
            }
            return try GooglePlacesConfiguration.fromEnvironment(baseURL: baseURL)
        }
    }
}

/// Columns side by side: "name (category, distance)" per provider and rank.
enum CompareTable {
    static let width = 44

    static func render(_ columns: [WireComparison.Column]) -> String {
        func cell(_ text: String) -> String {
            let clipped = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return clipped + String(repeating: " ", count: max(0, width - clipped.count))
        }
        var lines = ["    " + columns.map { cell($0.provider) }.joined(separator: " | ")]
        lines.append(
            "    " + columns.map { _ in String(repeating: "-", count: width) }.joined(separator: "-+-"))
        // An error is wrapped down its column so it is read whole.
        let errorLines = columns.map { column -> [String] in
            guard let error = column.error else { return [] }
            let text = Array("unavailable: \(error)")
            return stride(from: 0, to: text.count, by: width).map {
                String(text[$0..<min(text.count, $0 + width)])
            }
        }
        let rows = max(
            1, zip(columns, errorLines).map { $0.error == nil ? $0.results.count : $1.count }.max() ?? 0)
        for index in 0..<rows {
            let cells = zip(columns, errorLines).map { column, errorLines -> String in
                if column.error != nil { return cell(index < errorLines.count ? errorLines[index] : "") }
                guard index < column.results.count else { return cell(index == 0 ? "(no results)" : "") }
                let row = column.results[index].result
                let distance = row.distanceM.map {
                    $0 >= 1_000 ? String(format: "%.1f km", $0 / 1_000) : "\(Int($0)) m"
                }
                return cell(
                    "\(row.place.name ?? row.place.id) (\([row.place.category, distance].compactMap { $0 }.joined(separator: ", ")))"
                )
            }
            lines.append(String(format: "%2d  ", index + 1) + cells.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }
}

import ArgumentParser
import GeoKit

/// `loci geo …`: geodesy and tiling from the command line.
public struct GeoCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geodesy and tiling: geodesic inverse and direct problems, grid tiles.",
        discussion: """
            Coordinates are LAT,LON in decimal degrees (WGS84). Negative values work as they are \
            (loci geo inverse -33.86,151.21 51.47,-0.45).
            """,
        subcommands: [GeoInverseCommand.self, GeoDirectCommand.self, GeoTileCommand.self]
    )

    public init() {}
}

/// A command-line input the command cannot use; printed as one line, exit status 1.
struct InputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// Checks the positional values collected with `.allUnrecognized` (which lets negative
/// numbers through): unknown options are named, and the count must match `shape`.
func positionalValues(_ values: [String], shape: [String]) throws -> [String] {
    if let option = values.first(where: {
        $0.hasPrefix("-") && Double($0.split(separator: ",").first ?? "") == nil
    }) {
        throw InputError("unknown option '\(option)'")
    }
    guard values.count == shape.count else {
        throw InputError("expected \(shape.joined(separator: " ")), got \(values.count) value(s)")
    }
    return values
}

/// Reads a coordinate argument, turning a parse error into one that names the argument.
func parseCoordinate(_ text: String, argument: String) throws -> Coordinate {
    do {
        return try Coordinate(parsing: text)
    } catch {
        // An unreadable value is quoted by the error itself; a value out of range is quoted here.
        if case .unparseable = error { throw InputError("\(argument): \(error.description)") }
        throw InputError("\(argument) \(text): \(error.description)")
    }
}

/// Reads a finite number argument.
func parseNumber(_ text: String, argument: String) throws -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
        throw InputError("\(argument): '\(text)' is not a finite number")
    }
    return value
}

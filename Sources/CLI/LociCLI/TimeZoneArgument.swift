import Foundation

/// Reads an IANA time zone name given on the command line.
enum TimeZoneArgument {
    /// The zone named `name`, or a refusal that names `option` and gives an example.
    static func zone(_ name: String, option: String = "--time-zone") throws -> TimeZone {
        guard let zone = TimeZone(identifier: name) else {
            throw InputError("\(option): '\(name)' is not an IANA time zone name (e.g. Europe/Helsinki)")
        }
        return zone
    }
}

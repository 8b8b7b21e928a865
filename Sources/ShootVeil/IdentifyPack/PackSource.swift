/// One source of a pack's content and the licence line that goes with it.
public struct PackSource: Sendable, Hashable, Codable {
    /// What it is (`OpenStreetMap`, `Wikidata landmarks`, `airportsdata`).
    public var name: String
    /// The file it was read from (its last path component).
    public var file: String
    /// The attribution and licence to show (`© OpenStreetMap contributors, ODbL 1.0`).
    public var licence: String

    /// A source from its parts.
    public init(name: String, file: String, licence: String) {
        self.name = name
        self.file = file
        self.licence = licence
    }

    /// OpenStreetMap data: footprints, heights and landmark places.
    public static func openStreetMap(file: String) -> PackSource {
        PackSource(name: "OpenStreetMap", file: file, licence: "© OpenStreetMap contributors, ODbL 1.0")
    }

    /// The Wikidata landmark list (`landmarks/wikidata-landmarks.csv`).
    public static func wikidataLandmarks(file: String) -> PackSource {
        PackSource(name: "Wikidata landmarks", file: file, licence: "Wikidata, CC0 1.0")
    }

    /// The airport list (`airports.csv` from the airportsdata package).
    public static func airports(file: String) -> PackSource {
        PackSource(name: "airportsdata", file: file, licence: "airportsdata, MIT licence")
    }
}

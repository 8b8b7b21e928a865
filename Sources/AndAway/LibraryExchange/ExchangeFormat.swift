/// The file formats a library is exported to and imported from (seed §4 "Export Functionality").
public enum ExchangeFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// The whole library as JSON (`loci-library` version 1): the developer-friendly form.
    case json
    /// RFC 4180 CSV, one row per record with a `type` column: spreadsheet-friendly.
    case csv
    /// OGC KML 2.2: placemarks for Google Earth and Maps; the rest in `ExtendedData`.
    case kml
    /// GPX 1.1: waypoints for GPS and navigation apps; the rest in `extensions`.
    case gpx

    /// The format a file name's extension names (`.json`, `.csv`, `.kml`, `.gpx`, any case).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}

/// The namespace of Loci's own elements inside KML `ExtendedData` and GPX `extensions`.
public let lociLibraryNamespace = "urn:loci:library:1"

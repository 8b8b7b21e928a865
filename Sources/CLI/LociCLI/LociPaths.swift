import Foundation

/// Where `loci` keeps its data: `$LOCI_DATA_DIR`, else `${XDG_DATA_HOME:-~/.local/share}/loci`
/// (the same folder `scripts/fetch-data` fills).
enum LociPaths {
    static var dataDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["LOCI_DATA_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: (explicit as NSString).expandingTildeInPath)
        }
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        return URL(fileURLWithPath: base).appendingPathComponent("loci")
    }

    /// The default place database, `places.sqlite` in the data directory.
    static var defaultPlaceDatabase: String {
        dataDirectory.appendingPathComponent("places.sqlite").path
    }
}

import Foundation
import GeoKit

extension Gazetteer {
    /// What ``load(contentsOf:cacheAt:)`` did with the binary cache.
    public enum CacheStatus: Sendable, Equatable {
        /// The cache matched the source and was used; the TSV was not read.
        case hit
        /// There was no valid cache for this source (missing, stale, corrupt or from another
        /// layout); the TSV was parsed and a new cache written.
        case rebuilt
        /// The TSV was parsed, but the cache could not be written (e.g. a read-only folder);
        /// `reason` says why. The gazetteer is complete all the same.
        case unwritable(reason: String)
    }

    /// Loads the gazetteer TSV at `path` through a binary cache beside it
    /// (`<path>.loci-cache`, or `cachePath`).
    ///
    /// The cache holds the inflated text, the parsed rows and the coordinates, so a hit skips
    /// inflating and parsing (only the spatial index is rebuilt). It is used only when its
    /// header names this source's size and modification time, its layout matches this build,
    /// its CRC-32 matches and every span lies inside its text; anything else rebuilds it. It is
    /// written to a temporary file in the same folder, synced and renamed into place, so a
    /// reader never sees a partial cache; failing to write it is not an error.
    ///
    /// - Throws: ``GazetteerError`` for an unreadable or malformed source (a broken cache is
    ///   never an error: it is rebuilt).
    public static func load(
        contentsOf path: String, cacheAt cachePath: String? = nil
    ) throws(GazetteerError) -> (gazetteer: Gazetteer, cache: CacheStatus) {
        let cachePath = cachePath ?? path + ".loci-cache"
        guard let stamp = GazetteerCacheFile.SourceStamp(path: path) else {
            throw GazetteerError(.unreadable(reason: "no such file"), path: path)
        }
        if let cached = GazetteerCacheFile.read(cachePath, source: stamp) { return (cached, .hit) }
        let gazetteer = try Gazetteer(contentsOf: path)
        do {
            try GazetteerCacheFile.write(gazetteer, source: stamp, to: cachePath)
            return (gazetteer, .rebuilt)
        } catch {
            return (gazetteer, .unwritable(reason: error.reason))
        }
    }
}

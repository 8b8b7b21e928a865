import Foundation

/// Who computes a route: the local road graph of an OSM extract, or Google Routes.
public enum DirectionsProvider: Sendable, Equatable {
    /// The streets of the `.osm.pbf` at `extract`, with the road graph cached in `cacheDirectory`
    /// (built on first use, reused while the extract is unchanged).
    case local(extract: URL, cacheDirectory: URL)
    /// Google Routes, with the key read from `environment` (`GOOGLE_MAPS_API_KEY`).
    case google(environment: [String: String])
}

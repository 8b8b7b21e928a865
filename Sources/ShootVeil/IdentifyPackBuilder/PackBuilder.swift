import Foundation
import GeoKit
import IdentifyKit
import IdentifyPack
import PlaceImport
import PlaceKit
import PlaceStore

/// Builds an offline pack (``PackFormat``) from an OSM extract or an imported place store, with
/// the landmark list and the airports near the area, atomically.
///
/// What goes in: every building whose bounds meet the area grown by ``marginMetres``, the places
/// there that are landmarks (``IdentifyKit/LandmarkCatalog/osmLandmarks(_:)``: the only places
/// identification reads), the landmark list's items in the same box and the airports in the area
/// grown by ``airportMarginMetres``. The default margins follow ``IdentifyKit/IdentifyOptions``: a
/// capture inside the area considers buildings up to 2 km away (`maximumRange`), and attaches
/// landmarks within a footprint's reach plus 15 m, so 3 km keeps every building and landmark such
/// a capture can reach; aircraft are considered up to 250 km away, so airports within 500 km of
/// the area hold the nearest airport of any aircraft whose nearest airport is within 250 km of it.
///
/// Atomicity: the pack is written to a temporary file beside the output, verified as
/// ``OfflinePack`` would, synced and renamed over the output; on any error the temporary file
/// (and the temporary store an extract is imported into) is deleted and the output is untouched.
public struct PackBuilder: Sendable {
    /// Where the buildings and places come from.
    public enum Source: Sendable {
        /// An OSM extract (`.osm.pbf`, or `.osm`), imported first into a temporary store.
        case extract(URL)
        /// A place store made by `loci import`.
        case store(path: String)
    }

    /// The area's name; `nil`: the extract's (or the store's source's) file name without extensions.
    public var name: String?
    /// The area; `nil`: the extent of the source's buildings and places.
    public var area: BoundingBox?
    /// The Wikidata landmarks CSV (`landmarks/wikidata-landmarks.csv`); `nil`: none.
    public var landmarksFile: URL?
    /// `airports.csv`; `nil`: none.
    public var airportsFile: URL?
    /// How far beyond the area buildings, landmark places and listed landmarks are kept, metres.
    public var marginMetres: Double
    /// How far beyond the area airports are kept, metres.
    public var airportMarginMetres: Double

    /// A builder; see the type's discussion for the margins' defaults.
    public init(
        name: String? = nil, area: BoundingBox? = nil, landmarksFile: URL? = nil, airportsFile: URL? = nil,
        marginMetres: Double = 3_000, airportMarginMetres: Double = 500_000
    ) {
        self.name = name
        self.area = area
        self.landmarksFile = landmarksFile
        self.airportsFile = airportsFile
        self.marginMetres = marginMetres
        self.airportMarginMetres = airportMarginMetres
    }

    /// Builds the pack from `source` into `output`, replacing any file there only on success.
    ///
    /// - Parameter now: The build time the manifest records.
    /// - Returns: The manifest written.
    /// - Throws: ``PackBuildError``; no file is then left at `output`'s temporary paths and
    ///   `output` is unchanged.
    /// - Complexity: O(source size): an extract is imported in full, then the area's content copied.
    public func build(from source: Source, to output: String, now: Date) throws(PackBuildError) -> PackManifest {
        let landmarks = try readLandmarks()
        let airports = try readAirports()
        let target = URL(fileURLWithPath: output)
        let directory = target.deletingLastPathComponent()
        let stamp = UUID().uuidString
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(stamp).packing").path
        var importedStore: String?
        defer {
            if let importedStore { PackFiles.remove(importedStore) }
            PackFiles.remove(temporary)
        }
        let storePath: String
        let osmFile: String
        switch source {
        case .extract(let url):
            let path = directory.appendingPathComponent(".\(target.lastPathComponent).\(stamp).importing-store").path
            importedStore = path
            do { _ = try OSMPlaceImporter().import(from: url, into: path) } catch { throw .importFailed(error) }
            storePath = path
            osmFile = url.lastPathComponent
        case .store(let path):
            storePath = path
            osmFile = URL(fileURLWithPath: path).lastPathComponent
        }
        let store: SQLitePlaceStore
        do { store = try SQLitePlaceStore(path: storePath) } catch { throw .store(error) }
        let extractName = (try? store.metadata("source")) ?? nil
        let contents = try PackContents.cut(
            from: store, area: area, margin: marginMetres, airportMargin: airportMarginMetres,
            landmarks: landmarks.items, airports: airports.items)
        var sources = [PackSource.openStreetMap(file: extractName ?? osmFile)]
        if let file = landmarks.file { sources.append(.wikidataLandmarks(file: file)) }
        if let file = airports.file { sources.append(.airports(file: file)) }
        let manifest = try PackWriter(path: temporary).write(
            contents, store: store, name: name ?? Self.areaName(extractName ?? osmFile), margin: marginMetres,
            airportMargin: airportMarginMetres, sources: sources, builtAt: now)
        do { _ = try OfflinePack(path: temporary) } catch { throw .verification(error) }
        try PackFiles.publish(temporary, as: output)
        return manifest
    }

    /// `nyc-west-village` from `nyc-west-village.osm.pbf` (or `.osm`, `.pbf`, `.sqlite`).
    static func areaName(_ file: String) -> String {
        var name = file
        for suffix in [".pbf", ".osm", ".xml", ".sqlite", ".db"] where name.lowercased().hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name.isEmpty ? file : name
    }

    private func readLandmarks() throws(PackBuildError) -> (items: [Landmark], file: String?) {
        guard let url = landmarksFile else { return ([], nil) }
        let text = try Self.read(url)
        do { return (try LandmarkCatalog.readWikidataCSV(text), url.lastPathComponent) } catch {
            throw .landmarks(path: url.path, error)
        }
    }

    private func readAirports() throws(PackBuildError) -> (items: [Airport], file: String?) {
        guard let url = airportsFile else { return ([], nil) }
        let text = try Self.read(url)
        do { return (try Airport.readCSV(text), url.lastPathComponent) } catch { throw .airports(path: url.path, error) }
    }

    private static func read(_ url: URL) throws(PackBuildError) -> String {
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw .unreadable(path: url.path, (error as NSError).localizedDescription)
        }
    }
}

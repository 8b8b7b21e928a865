import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import InterestKit
import LociServerStore
import Logging
import Personalisation
import PlaceKit
import PlaceStore
import ServerRepositories
import TidepoolEpochs

extension ServerServices {
    /// The production services for `configuration`: opens the place store (made beforehand by
    /// `loci import`) and the server database, loads the sensitive areas.
    /// - Throws: ``ServerConfigurationError`` for missing data or an unsupported mode, or the
    ///   underlying store and import errors.
    public static func make(_ settings: ServerConfiguration, logger: Logger) async throws
        -> ServerServices
    {
        var configuration = settings
        if configuration.facetCodebookPath == nil {
            configuration.facetCodebook = try bundledFacetCodebook()
        } else if let path = configuration.facetCodebookPath, path != ServerSetting.countOnly {
            do {
                configuration.facetCodebook = try JSONDecoder().decode(
                    FacetCodebook.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw ServerConfigurationError.invalid(
                    name: ServerSetting.facetCodebook.option ?? "", value: path, reason: "\(error)")
            }
        }
        try configuration.validate()
        let placeStore = try openPlaces(configuration)
        configuration.publicDomain = try publicDomain(configuration, places: placeStore, logger: logger)
        try configuration.checkAttestation()
        try FileManager.default.createDirectory(
            at: configuration.dataDirectory, withIntermediateDirectories: true)
        let store = try await openStore(configuration, logger: logger)
        var areas = try sensitivePlaces(in: placeStore)
        if let path = configuration.sensitiveAreasPath {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            do { areas += try JSONDecoder().decode([SensitiveArea].self, from: data) } catch {
                throw ServerConfigurationError.invalid(
                    name: ServerSetting.sensitiveAreas.option ?? "", value: path, reason: "\(error)")
            }
        }
        let suppression = try SuppressionList(areas: areas, tiler: .standard)
        let files = try identificationFiles(configuration)
        let engine = try TidepoolEngine(
            configuration: configuration.heatConfiguration, suppression: suppression, store: store,
            node: configuration.nodeName, noise: SystemSecureRandom(),
            keyAheadEpochs: configuration.keyAheadEpochs > 0 ? configuration.keyAheadEpochs : nil,
            domain: configuration.publicDomain)
        return ServerServices(
            configuration: configuration, engine: engine, store: store,
            places: LocalPlacesProvider(store: placeStore),
            placesSummary: try summary(of: placeStore), interest: try TagInterestModel.bundled(),
            attestation: try attestation(for: configuration, store: store),
            identification: identification(
                configuration, places: placeStore, landmarks: files.landmarks, airports: files.airports,
                environment: ProcessInfo.processInfo.environment),
            logger: logger)
    }

    /// The server database: PostgreSQL when `DATABASE_URL` is set (scale mode: several
    /// processes share it, each with its own `--node` name), else the embedded SQLite file.
    static func openStore(_ configuration: ServerConfiguration, logger: Logger) async throws
        -> any ServerStore
    {
        guard let url = configuration.databaseURL else {
            return try SQLiteServerStore(path: configuration.serverDatabasePath)
        }
        logger.info(
            "scale mode: PostgreSQL server store",
            metadata: [
                "database": "\(PostgresServerStore.redacted(url))", "node": "\(configuration.nodeName)",
            ])
        return try await PostgresServerStore(url: url, logger: logger)
    }

    /// Opens the place store. It is made beforehand by `loci import` (`scripts/serve` does it):
    /// the server never imports, since only the operator knows the extract and its time zone.
    /// - Throws: ``ServerConfigurationError/missingData(path:hint:)`` when the store is missing,
    ///   from another schema version, or another kind of file. The hint's `loci import` line
    ///   names a path an import may write: never the server's own database or another file that
    ///   is not a place store (an import refuses those).
    static func openPlaces(_ configuration: ServerConfiguration) throws -> SQLitePlaceStore {
        let placesPath = configuration.resolvedPlacesPath
        func importLine(into path: String) -> String {
            "loci import \(configuration.resolvedExtractPath) --db \(path) --time-zone Europe/Helsinki"
        }
        let defaultPath = configuration.dataDirectory.appendingPathComponent("places.sqlite").path
        let file = try PlaceStoreFile.inspect(path: placesPath)
        if placesPath == configuration.serverDatabasePath || !file.isReplaceable {
            let elsewhere = placesPath == defaultPath ? "\(defaultPath).new" : defaultPath
            throw ServerConfigurationError.missingData(
                path: placesPath,
                hint: "it is \(placesPath == configuration.serverDatabasePath ? "the server's own database" : file.summary), "
                    + "not a place store; point --places at one, e.g. made with `\(importLine(into: elsewhere))`")
        }
        switch file {
        case .missing:
            throw ServerConfigurationError.missingData(
                path: placesPath,
                hint: "no place store; make it with `\(importLine(into: placesPath))` (scripts/serve does this)")
        case .empty:
            throw ServerConfigurationError.missingData(
                path: placesPath, hint: "the file is empty; make the place store with `\(importLine(into: placesPath))`")
        default:
            break
        }
        do { return try SQLitePlaceStore(path: placesPath) } catch {
            guard case .incompatibleSchema = error.kind else { throw error }
            throw ServerConfigurationError.missingData(
                path: placesPath,
                hint: "the place store is from another Loci version; make it again with `\(importLine(into: placesPath))`")
        }
    }

    /// The public tile domain `--tile-domain places` releases heat over: the base tiles holding a
    /// place of the store (``PublicTileDomain/serviceArea(of:tiler:)``, what the simulator
    /// measures); nil with `--tile-domain reported` (partition selection).
    /// - Throws: ``ServerConfigurationError/missingData(path:hint:)`` when the store holds no place
    ///   (no tile could ever show heat): an operator gets a refusal naming the two fixes, not a
    ///   server whose map stays empty.
    static func publicDomain(
        _ configuration: ServerConfiguration, places store: SQLitePlaceStore, logger: Logger
    ) throws -> PublicTileDomain? {
        guard configuration.tileDomain == .places else { return nil }
        let domain = try PublicTileDomain.serviceArea(of: store, tiler: .standard)
        guard domain.count > 0 else {
            throw ServerConfigurationError.missingData(
                path: store.path,
                hint: "the place store holds no places, so the public tile domain (--tile-domain places, the default) "
                    + "has no tile heat could show in; import the service area's extract with `loci import`, "
                    + "or start with --tile-domain reported (partition selection over the tiles with reports)")
        }
        logger.info("public tile domain", metadata: ["tiles": "\(domain.count)", "source": "\(store.path)"])
        return domain
    }

    /// Schools, kindergartens, hospitals, clinics and places of worship, 50 m around each.
    static func sensitivePlaces(in store: SQLitePlaceStore) throws -> [SensitiveArea] {
        try store.places(
            in: .world, categories: ["school", "kindergarten", "hospital", "clinic", "place_of_worship"],
            limit: 1_000_000
        ).map {
            SensitiveArea(
                latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, radiusMeters: 50,
                reason: $0.category)
        }
    }

    /// The place count and bounds of a store.
    public static func summary(of store: SQLitePlaceStore) throws -> PlacesSummary {
        let places = try store.places(in: .world, limit: 1_000_000)
        var bounds: [Double]?
        if let first = places.first {
            var box = [
                first.coordinate.latitude, first.coordinate.longitude, first.coordinate.latitude,
                first.coordinate.longitude,
            ]
            for place in places {
                box[0] = min(box[0], place.coordinate.latitude)
                box[1] = min(box[1], place.coordinate.longitude)
                box[2] = max(box[2], place.coordinate.latitude)
                box[3] = max(box[3], place.coordinate.longitude)
            }
            bounds = box
        }
        // Open-now is judged in the zone the store was imported with (UTC when it names none).
        let zone = try store.metadata("time_zone").flatMap { TimeZone(identifier: $0) }
        return PlacesSummary(
            placeCount: places.count, bounds: bounds,
            source: URL(fileURLWithPath: store.path).lastPathComponent, timeZone: zone ?? .gmt)
    }
}

extension ServerServices {
    /// The interest model's own facet codebook (`InterestKit`'s `facets-<k>/<model version>`): the
    /// default, so heat is interest-weighted with the vectors the server's profiles are made of.
    /// - Throws: the model's loading errors (a resource whose checksum does not match its card).
    static func bundledFacetCodebook() throws -> FacetCodebook {
        try InterestFacets.bundledCodebook()
    }
}

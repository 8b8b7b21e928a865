import Foundation
import IdentifyKit
import IdentifyPack
import PlaceStore

/// Where an identification's buildings come from, chosen once for `loci identify` (and any other
/// caller with the same choice): an offline pack (buildings, landmarks and airports), or a place
/// store made by `loci import`, which may be absent when it was not asked for by name (buildings
/// are then left out and the answer says so).
public enum IdentificationPlaces: Sendable, Equatable {
    /// An offline pack made by `loci pack build`.
    case pack(path: String)
    /// A place store; `required`: named by the caller, so its absence is an error.
    case store(path: String, required: Bool)

    /// The service over these places with the caller's landmark list, airports, quota, flight
    /// lookup and live feed (a pack brings its own landmarks and airports), and the path of the
    /// buildings' source, nil when there is none.
    ///
    /// Landmarks near the capture are taken from the places too (`landmarksFromPlaces`).
    /// - Throws: ``IdentificationPlacesError`` for a required store that does not exist;
    ///   `PackError` for a pack that cannot be verified; `PlaceStoreError` for a store that cannot
    ///   be opened.
    public func service(
        landmarks: [Landmark] = [], airports: [Airport]? = nil, quota: (any IdentificationQuota & Sendable)? = nil,
        flights: (any FlightLookup)? = nil, aircraftFeed: (any AircraftFeedSource)? = nil
    ) throws -> (service: IdentificationService, buildingsSource: String?) {
        switch self {
        case .pack(let path):
            let pack = try OfflinePack(path: path)
            return (pack.service(quota: quota, flights: flights, aircraftFeed: aircraftFeed), path)
        case .store(let path, let required):
            var store: SQLitePlaceStore?
            if FileManager.default.fileExists(atPath: path) {
                store = try SQLitePlaceStore(path: path)
            } else if required {
                throw IdentificationPlacesError.noPlaceDatabase(path: path)
            }
            let service = IdentificationService(
                places: store, landmarksFromPlaces: true, landmarks: landmarks, airports: airports, quota: quota,
                flights: flights, aircraftFeed: aircraftFeed)
            return (service, store == nil ? nil : path)
        }
    }
}

/// Why the places of an identification cannot be opened.
public enum IdentificationPlacesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A place store named by the caller does not exist.
    case noPlaceDatabase(path: String)

    /// One line with the command that makes it.
    public var description: String {
        switch self {
        case .noPlaceDatabase(let path):
            "no place database at \(path); create one with: loci import FILE.osm.pbf --db \(path)"
        }
    }
}

import Foundation
import PlaceFiles
import ProximityKit

extension TripService {
    /// Adds the places of a GeoJSON, GPX or Loci JSON file (format by content) to a trip, all or
    /// nothing: a bad place refuses the whole file and nothing is written.
    ///
    /// Places keep their ids (a place already in the trip with the same id is replaced); a Loci
    /// JSON file's own trip settings are ignored: the places join `name`'s trip.
    /// - Throws: ``TripServiceError/placeFile(_:)`` for a refused file, ``TripServiceError/noTrip(_:)``,
    ///   ``TripServiceError/store(_:)``.
    public func importPlaces(_ data: Data, toTrip name: String, limits: PlaceFileLimits = PlaceFileLimits())
        throws(TripServiceError) -> TripImportSummary
    {
        let trip = try self.trip(named: name)
        let file: PlaceFile
        do { file = try PlaceFileReader.read(data, limits: limits) } catch { throw .placeFile(error) }
        return try add(file, to: trip)
    }

    /// ``importPlaces(_:toTrip:limits:)`` from a file, refusing one over the byte limit unread.
    public func importPlaces(contentsOf url: URL, toTrip name: String, limits: PlaceFileLimits = PlaceFileLimits())
        throws(TripServiceError) -> TripImportSummary
    {
        let trip = try self.trip(named: name)
        let file: PlaceFile
        do { file = try PlaceFileReader.read(contentsOf: url, limits: limits) } catch { throw .placeFile(error) }
        return try add(file, to: trip)
    }

    /// ``importPlaces(_:toTrip:limits:)`` for a file already read (a preview the user confirmed).
    public func importPlaces(_ file: PlaceFile, toTrip name: String) throws(TripServiceError) -> TripImportSummary {
        try add(file, to: try trip(named: name))
    }

    /// A trip's places (and, for Loci JSON, its settings) as a file's bytes in `format`.
    public func exportPlaces(ofTrip name: String, as format: PlaceFileFormat) throws(TripServiceError) -> TripExport {
        let (trip, places) = try tripWithPlaces(named: name)
        return TripExport(trip: trip, format: format, places: places.count, data: PlaceFileWriter.write(places, of: trip, as: format))
    }

    private func add(_ file: PlaceFile, to trip: Trip) throws(TripServiceError) -> TripImportSummary {
        let existing: Set<String>
        do { existing = Set(try store.places(tripID: trip.id).map(\.id)) } catch { throw .store(error) }
        let places = file.places.map { place in
            var place = place
            place.tripID = trip.id
            return place
        }
        do { try store.add(places) } catch { throw .store(error) }
        let replaced = places.filter { existing.contains($0.id) }.count
        return TripImportSummary(trip: trip, format: file.format, added: places.count - replaced, replaced: replaced)
    }
}

/// What an import did: the trip, the format read, and how many places were new or replaced.
public struct TripImportSummary: Sendable, Equatable {
    /// The trip the places joined.
    public let trip: Trip
    /// The format the file was read as.
    public let format: PlaceFileFormat
    /// Places that were not in the trip before.
    public let added: Int
    /// Places that replaced one with the same id.
    public let replaced: Int

    /// Creates a summary from its parts.
    public init(trip: Trip, format: PlaceFileFormat, added: Int, replaced: Int) {
        self.trip = trip
        self.format = format
        self.added = added
        self.replaced = replaced
    }
}

/// A trip written as a place file: the bytes, and what they hold.
public struct TripExport: Sendable, Equatable {
    /// The trip exported.
    public let trip: Trip
    /// The format written.
    public let format: PlaceFileFormat
    /// How many places the file holds.
    public let places: Int
    /// The file's bytes.
    public let data: Data

    /// Creates an export from its parts.
    public init(trip: Trip, format: PlaceFileFormat, places: Int, data: Data) {
        self.trip = trip
        self.format = format
        self.places = places
        self.data = data
    }
}

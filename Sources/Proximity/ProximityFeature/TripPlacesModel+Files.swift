import Foundation
import PlaceFiles
import ProximityKit
import ProximityStore

/// What a place-file import did.
public struct PlaceImportOutcome: Sendable, Equatable {
    /// The format read ("GeoJSON", "GPX", "Loci JSON").
    public var format: String
    /// Places new to the trip.
    public var added: Int
    /// Places that replaced one with the same id.
    public var replaced: Int

    /// Creates an outcome.
    public init(format: String, added: Int, replaced: Int) {
        self.format = format
        self.added = added
        self.replaced = replaced
    }
}

/// A trip's places written for the share sheet.
public struct PlaceFileExport: Sendable, Equatable {
    /// The file's bytes.
    public var data: Data
    /// A file name: the trip's name and the format's extension ("Helsinki walk.geojson").
    public var fileName: String
    /// How many places it holds.
    public var places: Int
}

extension TripPlacesModel {
    /// Imports a GeoJSON, GPX or Loci JSON file (the share sheet's or Files' URL) into the trip,
    /// all or nothing; the format is read from the content. Returns whether it was imported;
    /// a refusal names the feature and field in ``TripPlacesState/error``.
    @discardableResult
    public func importFile(at url: URL) async -> Bool {
        await importing { () throws(TripServiceError) in try environment.trips.importPlaces(contentsOf: url, toTrip: tripID) }
    }

    /// ``importFile(at:)`` from bytes (a drop, or a pasted file).
    @discardableResult
    public func importData(_ data: Data) async -> Bool {
        await importing { () throws(TripServiceError) in try environment.trips.importPlaces(data, toTrip: tripID) }
    }

    /// The trip's places as a file in `format`, for the share sheet; `nil` with ``TripPlacesState/error`` set on failure.
    public func export(as format: PlaceFileFormat) -> PlaceFileExport? {
        do {
            let export = try environment.trips.exportPlaces(ofTrip: tripID, as: format)
            let name = export.trip.name.replacingOccurrences(of: "/", with: "-")
            return PlaceFileExport(data: export.data, fileName: "\(name).\(format.rawValue)", places: export.places)
        } catch {
            state.error = error.description
            return nil
        }
    }

    /// Writes `export` into `folder` (the temporary folder, for the share sheet) under its file
    /// name; `nil` with ``TripPlacesState/error`` saying what failed and the fix (free space) when
    /// it cannot be written.
    public func write(_ export: PlaceFileExport, into folder: URL) -> URL? {
        let url = folder.appendingPathComponent(export.fileName)
        do {
            try export.data.write(to: url, options: .atomic)
            return url
        } catch {
            state.error = ProximityCopy.exportNotWritten(export.fileName, reason: error.localizedDescription)
            return nil
        }
    }

    private func importing(_ body: () throws(TripServiceError) -> TripImportSummary) async -> Bool {
        do {
            let summary = try body()
            state.lastImport = PlaceImportOutcome(format: summary.format.description, added: summary.added, replaced: summary.replaced)
        } catch {
            state.lastImport = nil
            state.error = error.description
            return false
        }
        await tracking.reloadPlaces()
        await tracking.askLocationForFirstPlace()
        load()
        state.savedCount += 1
        return true
    }
}

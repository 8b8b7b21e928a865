import Foundation
import Observation
import PlaceFiles
import ProximityKit
import ProximityStore

/// What a place file handed to Proximity holds, and where it will go.
public struct IncomingPlaceFileState: Sendable, Equatable {
    /// The file's name as the sender gave it ("Lisbon.geojson").
    public var fileName: String
    /// The format read from the content ("GeoJSON", "GPX", "Loci JSON"); `nil` when refused.
    public var format: String?
    /// How many places the file holds.
    public var placeCount = 0
    /// The first few place names, to show what is arriving.
    public var sampleNames: [String] = []
    /// The trips it can go into: active first, then upcoming, then past.
    public var trips: [TripRow] = []
    /// The chosen trip's id; `nil` means a new trip called ``newTripName``.
    public var chosenTripID: String?
    /// The new trip's name when none is chosen (the file's trip, or the file name without extension).
    public var newTripName: String
    /// Why the file was refused or the import failed (naming the feature and field), if it was.
    public var error: String?
    /// What the import did, once done.
    public var imported: PlaceImportOutcome?
    /// The trip the places went into, once done.
    public var importedTripID: String?

    /// Whether the sheet asks where the places go: a readable file not yet imported.
    public var choosesDestination: Bool { format != nil && imported == nil }

    /// Whether the Import button does anything: a readable file, not yet imported, and a trip or a name.
    public var canImport: Bool {
        choosesDestination
            && (chosenTripID != nil || !newTripName.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}

/// A GeoJSON, GPX or Loci JSON file another app handed to Proximity ("Open in Proximity" from the
/// share sheet or Files): what it holds, which trip it goes into, and the import.
///
/// The file is read and checked when the model is made, so a refusal (naming the feature and
/// field) shows before the user picks a trip; the import is all or nothing, through the same
/// `TripService` readers as `loci trips import`. The default destination is the first active trip,
/// else a new trip named after the file.
@MainActor
@Observable
public final class IncomingPlaceFileModel {
    /// What the sheet shows.
    public private(set) var state: IncomingPlaceFileState

    private let file: PlaceFile?
    private let environment: ProximityEnvironment
    private let tracking: TrackingModel?
    private let timeZone: String

    /// Reads `data` (the file's bytes) and prepares the sheet.
    /// - Parameters:
    ///   - fileName: the name the sender gave, shown and used for a new trip's name.
    ///   - timeZone: the zone a new trip gets (the device's, from the composition root).
    ///   - tracking: told to watch the new places when the trip is being tracked.
    public convenience init(
        data: Data, fileName: String, environment: ProximityEnvironment, tracking: TrackingModel? = nil,
        timeZone: String
    ) {
        self.init(
            read: Result { () throws(PlaceFileError) in try PlaceFileReader.read(data) }, fileName: fileName,
            environment: environment, tracking: tracking, timeZone: timeZone)
    }

    /// Reads the file at `url` (an "Open in" URL the app may read; one over the byte limit is
    /// refused unread) and prepares the sheet.
    public convenience init(
        url: URL, environment: ProximityEnvironment, tracking: TrackingModel? = nil, timeZone: String
    ) {
        self.init(
            read: Result { () throws(PlaceFileError) in try PlaceFileReader.read(contentsOf: url) },
            fileName: url.lastPathComponent, environment: environment, tracking: tracking, timeZone: timeZone)
    }

    private init(
        read: Result<PlaceFile, PlaceFileError>, fileName: String, environment: ProximityEnvironment,
        tracking: TrackingModel?, timeZone: String
    ) {
        self.environment = environment
        self.tracking = tracking
        self.timeZone = timeZone
        let baseName = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent
        var state = IncomingPlaceFileState(fileName: fileName, newTripName: baseName)
        switch read {
        case .success(let file):
            self.file = file
            state.format = file.format.description
            state.placeCount = file.places.count
            state.sampleNames = Array(file.places.prefix(5).map(\.name))
            if let trip = file.trip { state.newTripName = trip.name }
        case .failure(let error):
            file = nil
            state.error = ProximityCopy.fileRefused(fileName, reason: error.description)
        }
        self.state = state
        loadTrips()
    }

    /// Picks the destination: a trip's id, or `nil` for a new trip.
    public func choose(tripID: String?) {
        state.chosenTripID = tripID
    }

    /// Names the new trip (used when no trip is chosen).
    public func setNewTripName(_ name: String) {
        state.newTripName = name
    }

    /// Imports the places, all or nothing. Returns whether they were imported; a refusal is in
    /// ``IncomingPlaceFileState/error`` and nothing is written (a new trip made for it is removed).
    @discardableResult
    public func importPlaces() async -> Bool {
        guard state.canImport, let file else { return false }
        var created: Trip?
        do {
            let tripID: String
            if let chosen = state.chosenTripID {
                tripID = chosen
            } else {
                let template = file.trip
                let trip = try environment.trips.create(
                    name: state.newTripName, startDate: template?.startDate, endDate: template?.endDate,
                    alertRadius: template?.alertRadius ?? 500, quietHours: template?.quietHours,
                    timeZone: template?.timeZone ?? timeZone)
                created = trip
                tripID = trip.id
            }
            let summary = try environment.trips.importPlaces(file, toTrip: tripID)
            state.imported = PlaceImportOutcome(
                format: summary.format.description, added: summary.added, replaced: summary.replaced)
            state.importedTripID = summary.trip.id
            state.error = nil
        } catch {
            if let created { _ = try? environment.trips.delete(named: created.id) }
            state.error = error.description
            return false
        }
        await tracking?.reloadPlaces()
        await tracking?.askLocationForFirstPlace()
        loadTrips()
        return true
    }

    private func loadTrips() {
        let rows = (try? TripRow.all(in: environment.trips, at: environment.now())) ?? []
        let order: [TripPhase: Int] = [.active: 0, .upcoming: 1, .past: 2]
        state.trips = rows.sorted { (order[$0.phase] ?? 3, $0.trip.name) < (order[$1.phase] ?? 3, $1.trip.name) }
        if state.imported == nil, state.chosenTripID == nil {
            state.chosenTripID = state.trips.first { $0.phase == .active && $0.trip.isActive }?.trip.id
        }
    }
}

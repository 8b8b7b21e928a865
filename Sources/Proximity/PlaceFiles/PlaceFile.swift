import ProximityKit

/// What a place file held: its format, the trip when the format carries one, and the places.
///
/// Every place has passed ``ProximityKit/TripValidation/check(_:)-(SavedPlace)`` and the ids are
/// unique. Places belong to the trip id ``fileTripID`` until an import moves them to a real trip.
public struct PlaceFile: Sendable, Equatable {
    /// The trip id of places read from a file.
    public static let fileTripID = "file"

    /// The format the content was read as.
    public var format: PlaceFileFormat
    /// The file's trip (Loci JSON only; GeoJSON and GPX carry none).
    public var trip: Trip?
    /// The places, in file order.
    public var places: [SavedPlace]

    /// Creates a file's content from its parts.
    public init(format: PlaceFileFormat, trip: Trip?, places: [SavedPlace]) {
        self.format = format
        self.trip = trip
        self.places = places
    }

    /// The file's trip, or for a format without one a trip called `name` with the defaults
    /// (active, no dates, 500 m radius, UTC, no quiet hours): what a replay of the file uses.
    public func trip(orDefaultNamed name: String) -> Trip {
        trip ?? Trip(id: Self.fileTripID, name: name)
    }
}

/// How much a place file may hold; both are checked before the places are read.
public struct PlaceFileLimits: Sendable, Equatable {
    /// Largest file in bytes (default 8 MiB: about 25,000 GeoJSON places of 300 bytes).
    public var maximumBytes: Int
    /// Most places in one file (default 10,000; the planner monitors at most 19 at a time, so
    /// this bounds the work of an import, not what the planner can handle).
    public var maximumPlaces: Int

    /// Limits; the defaults suit an import into a trip (the phone's share sheet, `loci trips import`).
    public init(maximumBytes: Int = 8 * 1_024 * 1_024, maximumPlaces: Int = 10_000) {
        self.maximumBytes = maximumBytes
        self.maximumPlaces = maximumPlaces
    }

    /// Limits for a file the user replays on their own machine (`loci proximity replay --places`):
    /// 512 MiB and 2,000,000 places, room for the 100,000-place set `scripts/make-tracks --large`
    /// writes (about 16 MB) while still refusing a runaway file before parsing it.
    public static let replay = PlaceFileLimits(maximumBytes: 512 * 1_024 * 1_024, maximumPlaces: 2_000_000)
}

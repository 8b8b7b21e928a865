import AreasFeature
import Foundation
import ProximityFeature
import ProximityKit

/// What Proximity's views are given by the composition root: the long-lived models and how to
/// make a screen's model when it opens. Views never see the environment or an adapter.
@MainActor
public struct ProximityScreens {
    /// The trips list.
    public var trips: TripsListModel
    /// Tracking, notifications and the debug panel.
    public var tracking: TrackingModel
    /// A form for a new trip (`nil`) or for editing one.
    public var form: @MainActor (Trip?) -> TripFormModel
    /// The places screen of a trip (by id).
    public var places: @MainActor (String) -> TripPlacesModel
    /// A place file handed to the app ("Open in Proximity" from the share sheet or Files).
    public var incoming: @MainActor (URL) -> IncomingPlaceFileModel

    /// The screens over these models and factories.
    /// The downloaded areas place search uses offline (Settings → Offline areas); none when nil.
    public var areas: AreasModel?

    public init(
        trips: TripsListModel, tracking: TrackingModel, form: @escaping @MainActor (Trip?) -> TripFormModel,
        places: @escaping @MainActor (String) -> TripPlacesModel,
        incoming: @escaping @MainActor (URL) -> IncomingPlaceFileModel, areas: AreasModel? = nil
    ) {
        self.trips = trips
        self.tracking = tracking
        self.form = form
        self.places = places
        self.incoming = incoming
        self.areas = areas
    }
}

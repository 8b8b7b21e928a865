import AndAwayFeature
import AreasFeature
import Observation
import PlaceKit

/// The models of And Away's screens, made once by the composition root, and a factory for a
/// place's sheet.
@MainActor @Observable
public final class AndAwayScreens {
    /// Search, map and chips.
    public let search: SearchModel
    /// Bookmarks, lists, export and history.
    public let library: LibraryModel
    /// iCloud sync status.
    public let sync: SyncModel
    /// The search-result weights.
    public let weights: WeightsModel
    @ObservationIgnored let detail: (Place, ProviderChoice) -> PlaceDetailModel
    /// The downloaded areas behind offline search (Settings → Offline areas); none without one.
    public let areas: AreasModel?

    /// The screens.
    public init(
        search: SearchModel, library: LibraryModel, sync: SyncModel, weights: WeightsModel,
        detail: @escaping (Place, ProviderChoice) -> PlaceDetailModel, areas: AreasModel? = nil
    ) {
        self.search = search
        self.library = library
        self.sync = sync
        self.weights = weights
        self.detail = detail
        self.areas = areas
    }
}

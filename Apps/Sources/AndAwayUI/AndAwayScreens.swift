import AndAwayFeature
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

    /// The screens.
    public init(
        search: SearchModel, library: LibraryModel, sync: SyncModel, weights: WeightsModel,
        detail: @escaping (Place, ProviderChoice) -> PlaceDetailModel
    ) {
        self.search = search
        self.library = library
        self.sync = sync
        self.weights = weights
        self.detail = detail
    }
}

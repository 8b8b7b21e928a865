import Observation
import WrappedKit

/// The place detail screen (seed §6.5): label, counts, first and last visit, the representative
/// photos as thumbnails, and Hide.
@MainActor @Observable
public final class PlaceDetailModel: Identifiable {
    /// The place.
    public let place: PlaceSummary
    /// Whether Hide is offered (not in the sample deck).
    public let canHide: Bool
    /// Loaded thumbnails by photo id.
    public private(set) var thumbnails: [String: PhotoThumbnail] = [:]
    /// Photos that gave no thumbnail (deleted, or not on the device).
    public private(set) var unavailable: Set<String> = []

    @ObservationIgnored private let source: any PhotoThumbnailSource
    @ObservationIgnored private let onHide: @MainActor (String) async -> Void

    init(
        place: PlaceSummary, canHide: Bool, thumbnails: any PhotoThumbnailSource,
        onHide: @escaping @MainActor (String) async -> Void
    ) {
        self.place = place
        self.canHide = canHide
        source = thumbnails
        self.onHide = onHide
    }

    /// The photos to show, in time order.
    public var photoIDs: [String] { place.representativeIDs }

    /// Loads the thumbnails not loaded yet, each at most `maxPixelSize` on its longest side.
    public func loadThumbnails(maxPixelSize: Int = 300) async {
        for id in place.representativeIDs where thumbnails[id] == nil && !unavailable.contains(id) {
            do {
                thumbnails[id] = try await source.thumbnail(for: id, maxPixelSize: maxPixelSize)
            } catch {
                unavailable.insert(id)
            }
        }
    }

    /// Hide this place: stored, and the deck is generated again without it.
    public func hide() async {
        guard canHide else { return }
        await onHide(place.id)
    }
}

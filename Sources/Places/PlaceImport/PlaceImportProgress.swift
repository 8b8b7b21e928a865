/// Where an import is and what it has done so far, reported through
/// ``OSMPlaceImporter/progress`` while it runs.
///
/// Counts only grow during one import. Places and buildings count what has been handed to the
/// store (whole batches), so they lag what was read by at most one batch.
public struct PlaceImportProgress: Sendable, Hashable {
    /// The stages of an import, in the order they run.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Reading the extract: node places are written, candidate ways kept.
        case reading
        /// Resolving the kept ways into way places and building footprints.
        case resolvingWays = "resolving ways"
        /// Building the search indexes, compacting (`VACUUM`) and syncing the new file.
        case finishing
        /// The new store has replaced the old one.
        case done
    }

    /// The current stage.
    public var phase: Phase
    /// Nodes, ways and relations read from the extract.
    public var elementsRead: Int
    /// Places handed to the store.
    public var placesWritten: Int
    /// Building footprints handed to the store.
    public var buildingsWritten: Int

    /// Creates a progress report.
    public init(phase: Phase, elementsRead: Int = 0, placesWritten: Int = 0, buildingsWritten: Int = 0) {
        self.phase = phase
        self.elementsRead = elementsRead
        self.placesWritten = placesWritten
        self.buildingsWritten = buildingsWritten
    }
}

/// Where the places a user hid are kept between runs (seed §10.7): `WrappedStore.WrappedDatabase`
/// on the phone and in the CLI's cache, ``InMemoryHiddenPlaceStore`` in tests.
///
/// Ids are ``PlaceCluster/id``s; the same photos give the same id, so a place stays hidden when
/// the deck is generated again.
public protocol HiddenPlaceStore: Sendable {
    /// Every hidden place id.
    /// - Throws: ``WrappedError/storeFailed(_:)`` when the store cannot be read.
    func hiddenPlaceIDs() throws(WrappedError) -> Set<String>

    /// Hides (`hidden` true) or shows again the place `id`.
    /// - Throws: ``WrappedError/storeFailed(_:)`` when the store cannot be written.
    func setPlace(_ id: String, hidden: Bool) throws(WrappedError)
}

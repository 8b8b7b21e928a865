/// Relabelling a stored result when the place lookup changed (the gazetteer arrived, or a newer
/// one), without reading a photo again.
extension WrappedEngine {
    /// `result` with its top places labelled by this engine's ``lookup`` and the deck rebuilt
    /// from the stored statistics, places, collage and card photos.
    ///
    /// Stage C and the deck are redone exactly as ``run(_:range:hidden:progress:)`` does them;
    /// Stages A and B are kept, so photos whose local time fell back to the device's zone keep
    /// that day bucket (re-resolving their zone needs their coordinates, which are not stored).
    /// The new-place card keeps the place it named.
    ///
    /// - Complexity: O(places + cards); no photo is read.
    public func relabel(_ result: WrappedResult) -> WrappedResult {
        var places = result.places
        var labelled = 0
        for index in places.indices where !places[index].isHidden {
            places[index].label = labelled < labelledPlaces ? lookup?.label(at: places[index].centroid) : nil
            labelled += 1
        }
        let cards = result.deck.cards
        var paths: [String: String] = [:]
        for card in cards {
            for photo in card.photos { if let path = photo.path { paths[photo.assetID] = path } }
        }
        let visible = places.filter { !$0.isHidden }
        let newPlaceID = cards.first { $0.kind == .newPlace }?.payload["place_id"]
        let input = DeckBuilder.Input(
            from: result.from, to: result.to, stats: result.stats, places: visible,
            newPlace: newPlaceID.flatMap { id in visible.first { $0.id == id } },
            collage: cards.first { $0.kind == .collage }?.photos ?? [], paths: paths)
        var relabelled = result
        relabelled.places = places
        relabelled.deck = DeckBuilder().deck(input)
        return relabelled
    }
}

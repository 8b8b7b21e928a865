/// The deterministic merge of two versions of the same record: per field, the higher stamp wins.
///
/// The merge is commutative, associative and idempotent (a join of per-field registers), so
/// replicas that have seen the same edits hold the same values whatever order the edits came in.
extension BookmarkRecord {
    /// This record merged with another version of the same bookmark (same id).
    ///
    /// Fields that never change (place, creation time) are taken from the version whose name stamp
    /// is older, which is the one that made the bookmark when both agree; they only differ if two
    /// replicas made the same id, and then the choice is still the same on both.
    public func merged(with other: BookmarkRecord) -> BookmarkRecord {
        let base =
            (stamps.name, bookmark.created, bookmark.place.id) <= (
                other.stamps.name, other.bookmark.created, other.bookmark.place.id
            )
            ? self : other
        var result = base
        func pick<T>(_ stamp: KeyPath<Stamps, Stamp>, _ value: WritableKeyPath<Bookmark, T>) -> (Stamp, T) {
            self.stamps[keyPath: stamp] >= other.stamps[keyPath: stamp]
                ? (self.stamps[keyPath: stamp], self.bookmark[keyPath: value])
                : (other.stamps[keyPath: stamp], other.bookmark[keyPath: value])
        }
        (result.stamps.name, result.bookmark.name) = pick(\.name, \.name)
        (result.stamps.note, result.bookmark.note) = pick(\.note, \.note)
        (result.stamps.tags, result.bookmark.tags) = pick(\.tags, \.tags)
        (result.stamps.lists, result.bookmark.lists) = pick(\.lists, \.lists)
        let position = stamps.position >= other.stamps.position ? self : other
        result.stamps.position = position.stamps.position
        result.bookmark.coordinate = position.bookmark.coordinate
        result.bookmark.coordinateSavedAt = position.bookmark.coordinateSavedAt
        return result
    }
}

extension ListRecord {
    /// This list merged with another version of it: the newer name wins; the creation time is the
    /// earlier one.
    public func merged(with other: ListRecord) -> ListRecord {
        var result = stamp >= other.stamp ? self : other
        result.list.created = min(list.created, other.list.created)
        return result
    }
}

extension PreferencesRecord {
    /// The newer preferences.
    public func merged(with other: PreferencesRecord) -> PreferencesRecord {
        stamp >= other.stamp ? self : other
    }
}

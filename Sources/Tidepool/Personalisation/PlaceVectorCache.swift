import Synchronization

/// A small thread-safe memo of place vectors by key (nil answers are kept too); it forgets
/// everything when it passes 10,000 keys.
final class PlaceVectorCache: Sendable {
    private let cache = Mutex<[String: [Float]?]>([:])

    /// The memo for `key`: nil when absent, `.some(nil)` when the place had no vector.
    func get(_ key: String) -> [Float]?? { cache.withLock { $0[key] } }

    /// Remembers the vector (or its absence) for `key`.
    func set(_ key: String, _ value: [Float]?) {
        cache.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[key] = .some(value)
        }
    }
}

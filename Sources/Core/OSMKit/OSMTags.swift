/// One OSM tag: a key/value pair of UTF-8 strings.
///
/// Follows https://wiki.openstreetmap.org/wiki/Tags (keys unique per element, at most 255 characters).
public struct OSMTag: Sendable, Hashable {
    /// The tag's key, e.g. `highway`.
    public var key: String
    /// The tag's value, e.g. `residential`.
    public var value: String

    /// A tag from its key and value.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// The tags of one element, in file order, with key lookup.
///
/// Stored as a small array: OSM elements carry few tags (a median of 0 for nodes, a handful for
/// ways), where a linear scan beats hashing and an untagged element allocates nothing.
///
/// Invariant: order is the order of the source file; duplicate keys (invalid OSM) are kept.
///
/// - Complexity: `subscript(key)` is O(n) in the number of tags; indexing is O(1).
public struct OSMTags: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The tags in file order.
    public private(set) var tags: [OSMTag]

    /// No tags.
    public init() { tags = [] }

    /// Tags in the given order.
    public init(_ tags: [OSMTag]) { self.tags = tags }

    /// Tags from literal key/value pairs, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        tags = elements.map { OSMTag(key: $0.0, value: $0.1) }
    }

    /// Index of the first tag.
    public var startIndex: Int { tags.startIndex }

    /// One past the index of the last tag.
    public var endIndex: Int { tags.endIndex }

    /// The tag at `position`.
    public subscript(position: Int) -> OSMTag { tags[position] }

    /// The value of the first tag with `key`, or `nil`.
    ///
    /// - Complexity: O(n) in the number of tags.
    public subscript(_ key: String) -> String? {
        for tag in tags where tag.key == key {
            return tag.value
        }
        return nil
    }

    /// The tags as a dictionary (the last value wins for a duplicated key).
    ///
    /// - Complexity: O(n).
    public var dictionary: [String: String] {
        Dictionary(tags.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Appends a tag.
    public mutating func append(_ tag: OSMTag) { tags.append(tag) }

    /// Reserves room for `count` tags.
    mutating func reserveCapacity(_ count: Int) { tags.reserveCapacity(count) }
}

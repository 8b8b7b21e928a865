import Foundation

/// What a search asked for: a name ("Blue Bottle") or a category ("coffee"). Each kind has its
/// own scoring weights (``Preferences``).
public enum QueryKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A search for a place by its name.
    case name
    /// A search for places of a category.
    case category
}

/// One past search (seed §4 "Search History"). Entries never change once made.
public struct SearchHistoryEntry: Sendable, Hashable, Codable {
    /// Unique id.
    public var id: String
    /// The text searched for.
    public var query: String
    /// Name or category search.
    public var kind: QueryKind
    /// When it was searched.
    public var at: Date

    /// An entry.
    public init(id: String, query: String, kind: QueryKind, at: Date) {
        self.id = id
        self.query = query
        self.kind = kind
        self.at = at
    }

    /// Line ends as `\n`, time to the millisecond.
    public func normalized() -> SearchHistoryEntry {
        SearchHistoryEntry(
            id: id, query: LibraryRules.normalizedLineEnds(query), kind: kind, at: LibraryTime.rounded(at))
    }
}

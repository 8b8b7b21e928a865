import GeoKit

/// A street, road or path as a map draws it: its class and its simplified centre line.
///
/// Invariant: ``line`` has at least two vertices. Only what a base map needs is kept (no name,
/// access or direction: routing reads the extract itself).
public struct Street: Sendable, Hashable, Identifiable {
    /// Stable identifier (`"osm:way/45"`).
    public var id: PlaceID
    /// How prominently it is drawn.
    public var kind: Kind
    /// The centre line in degrees, in the source's vertex order.
    public var line: [Coordinate]

    /// The classes a base map draws differently, from the OSM `highway` value.
    public enum Kind: Int, Sendable, Hashable, CaseIterable, Comparable {
        /// Footways, cycleways, paths, steps, tracks, bridleways.
        case path = 0
        /// Residential, service, unclassified, living streets, pedestrian streets, roads.
        case minor = 1
        /// Motorways, trunk, primary, secondary and tertiary roads, and their links.
        case major = 2

        /// Orders by prominence (paths first, so major roads are drawn over them).
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Creates a street; `nil` when the line has fewer than two vertices.
    public init?(id: PlaceID, kind: Kind, line: [Coordinate]) {
        guard line.count >= 2 else { return nil }
        self.id = id
        self.kind = kind
        self.line = line
    }
}

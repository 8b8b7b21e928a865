import GeoKit

/// A point moved onto the nearest usable road: the segment `u`–`v`, how far along it, and the
/// directed edges that run along it.
public struct RoadSnap: Sendable, Hashable {
    /// The segment's first node.
    public var u: Int32
    /// The segment's second node.
    public var v: Int32
    /// The edge `u → v`, or −1 when there is none.
    public var forwardEdge: Int32
    /// The edge `v → u`, or −1 when there is none.
    public var backwardEdge: Int32
    /// Position along the segment, 0 at `u` and 1 at `v`.
    public var fraction: Double
    /// The snapped point.
    public var point: Coordinate
    /// Metres from the requested point to the snapped one.
    public var distance: Double
}

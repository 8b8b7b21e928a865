/// How the traveller moves: on foot, by bicycle or by car.
///
/// The raw values are the CLI's spellings (`foot`, `bike`, `car`).
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Walking: one-way streets can be walked both ways; motorways are closed.
    case foot
    /// Cycling: follows `oneway` unless `oneway:bicycle=no`; footways only where `bicycle=yes`.
    case bicycle = "bike"
    /// Driving: follows `oneway`; footways, paths, cycleways and steps are closed.
    case car

    /// The bit of this mode in a road graph edge's access mask.
    @inlinable
    public var accessBit: UInt8 {
        switch self {
        case .foot: 1
        case .bicycle: 2
        case .car: 4
        }
    }
}

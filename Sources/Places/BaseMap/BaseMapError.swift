import GeoKit
import PlaceStore

/// Why a base-map tile could not be drawn; each case says what and where.
public enum BaseMapError: Error, Sendable, CustomStringConvertible {
    /// The tile address is not a tile (a value out of range).
    case invalidTile(XYZTileError)
    /// The zoom is a valid XYZ zoom but not one base tiles are drawn at.
    case zoomNotServed(Int, ClosedRange<Int>)
    /// The place store was imported before streets were stored (schema version 4).
    case unavailable(store: String)
    /// Reading the place store failed.
    case store(PlaceStoreError)
    /// The PNG could not be made.
    case encoding(String)

    /// One line for a log or an error body.
    public var description: String {
        switch self {
        case .invalidTile(let error): "\(error)"
        case .zoomNotServed(let z, let range):
            "z = \(z) must be in \(range.lowerBound)...\(range.upperBound) for base tiles"
        case .unavailable(let store):
            "the place store \(store) has no streets (imported by an older version): re-import it with loci import to get the base map"
        case .store(let error): "\(error)"
        case .encoding(let message): "base tile PNG: \(message)"
        }
    }
}

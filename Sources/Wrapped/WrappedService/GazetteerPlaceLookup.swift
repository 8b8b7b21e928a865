import Gazetteer
import GeoKit
import WrappedKit

/// The gazetteer as Photo Wrapped's offline lookup: zones from the nearest place, labels from
/// reverse geocoding ("Kallio, Helsinki"; never a street address).
///
/// Confidence: high when a neighbourhood is named or the point is within 3 km of its locality's
/// point, medium within the 25 km reach, else no label.
public struct GazetteerPlaceLookup: PlaceLookup {
    /// The loaded gazetteer.
    public let gazetteer: Gazetteer

    /// A lookup on `gazetteer`.
    public init(gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
    }

    /// The zone of the nearest gazetteer place.
    public func timeZoneIdentifier(at coordinate: Coordinate) -> String? {
        gazetteer.timeZone(at: coordinate)
    }

    /// The reverse-geocoded label and its confidence, or `nil` beyond the gazetteer's reach.
    public func label(at coordinate: Coordinate) -> PlaceLabel? {
        guard let found = gazetteer.reverse(coordinate) else { return nil }
        let near =
            found.neighbourhood != nil || Haversine.distance(found.locality.coordinate, coordinate) <= 3_000
        return PlaceLabel(text: found.label, confidence: near ? .high : .medium)
    }
}

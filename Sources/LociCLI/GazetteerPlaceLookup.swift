import Gazetteer
import GeoKit
import WrappedKit

/// The gazetteer as Photo Wrapped's offline lookup: zones from the nearest place, labels from
/// reverse geocoding ("Kallio, Helsinki"; never a street address).
///
/// Confidence: high when a neighbourhood is named or the point is within 3 km of its locality's
/// point, medium within the 25 km reach, else no label.
struct GazetteerPlaceLookup: PlaceLookup {
    let gazetteer: Gazetteer

    func timeZoneIdentifier(at coordinate: Coordinate) -> String? {
        gazetteer.timeZone(at: coordinate)
    }

    func label(at coordinate: Coordinate) -> PlaceLabel? {
        guard let found = gazetteer.reverse(coordinate) else { return nil }
        let near = found.neighbourhood != nil || Haversine.distance(found.locality.coordinate, coordinate) <= 3_000
        return PlaceLabel(text: found.label, confidence: near ? .high : .medium)
    }
}

import Foundation
import Gazetteer
import GeoKit
import PlaceKit
import PlaceStore
import LockedState

/// Offline geocoding on the GeoNames gazetteer and, when there is one, the local place store.
///
/// * **Reverse** (``address(for:)``): the gazetteer's rule (``Gazetteer/Gazetteer/reverse(_:within:)``),
///   "Kallio, Helsinki"; never a street address.
/// * **Forward** (``locations(for:near:limit:)``): "Ateneum", "Helsinki", "Cafe Regatta, Helsinki".
///   Text after the last comma that names a gazetteer place becomes the search centre (the most
///   populous place of that name, or the one nearest `near`). Then, in order: gazetteer places
///   whose whole name equals the text (nearest to `near` first, else most populous first), and
///   the place store's ranked name search around the centre (else anywhere). Street addresses
///   are not searched: the store indexes names, not `addr:*` tags.
public struct LocalLocationService: LocationService {
    /// The gazetteer.
    public let gazetteer: Gazetteer
    /// The place search used for names, when a store is open.
    public let places: LocalPlacesProvider?
    let names: GazetteerNameIndex

    /// Creates the service; `places` may be nil (gazetteer only).
    public init(gazetteer: Gazetteer, places: LocalPlacesProvider?) {
        self.gazetteer = gazetteer
        self.places = places
        self.names = GazetteerNameIndex(gazetteer: gazetteer)
    }

    /// The gazetteer's label for the point, or nil when no place is within 25 km.
    public func address(for coordinate: Coordinate) async throws -> GeocodeResult? {
        guard let found = gazetteer.reverse(coordinate) else { return nil }
        return GeocodeResult(
            coordinate: (found.neighbourhood ?? found.locality).coordinate, label: found.label,
            kind: .locality,
            locality: found.locality.name, countryCode: found.locality.countryCode, distance: found.distance)
    }

    /// Positions for a name, best first (see the type's documentation for the order).
    public func locations(for query: String, near: Coordinate?, limit: Int) async throws -> [GeocodeResult] {
        let limit = max(1, limit)
        var text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        var center = near
        if let comma = text.lastIndex(of: ",") {
            let tail = String(text[text.index(after: comma)...])
            if let town = names.places(named: tail, near: near).first {
                center = town.coordinate
                text = String(text[..<comma]).trimmingCharacters(in: .whitespaces)
            }
        }
        guard !SearchText.words(text).isEmpty else { return [] }
        var results = names.places(named: text, near: center).map { town in
            GeocodeResult(
                coordinate: town.coordinate,
                label: town.admin1.isEmpty ? town.name : "\(town.name), \(town.admin1)",
                kind: .locality, locality: town.name, countryCode: town.countryCode,
                distance: center.map { Haversine.distance($0, town.coordinate) })
        }
        if let places, results.count < limit {
            let ranked = try await places.searchPlaces(
                SearchRequest(text: text, center: center, limit: limit))
            results += ranked.map { ranked in
                let place = ranked.place
                let name = place.name ?? place.id.rawValue
                let line = place.address?.formatted
                let locality = gazetteer.reverse(place.coordinate)?.locality
                return GeocodeResult(
                    coordinate: place.coordinate,
                    label: [name, line ?? locality?.name].compactMap { $0 }.joined(separator: ", "),
                    kind: .place, placeID: place.id, locality: place.address?.city ?? locality?.name,
                    countryCode: place.address?.country ?? locality?.countryCode,
                    distance: center.map { Haversine.distance($0, place.coordinate) })
            }
        }
        return Array(results.prefix(limit))
    }
}

/// Gazetteer rows by folded name, built on first use (one pass over every row).
final class GazetteerNameIndex: Sendable {
    private let gazetteer: Gazetteer
    private let rowsByName = Locked<[String: [Int]]?>(nil)

    init(gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
    }

    /// Places whose whole name folds to `name`'s folding: nearest to `near` first, else the most
    /// populous first (ties by file order).
    func places(named name: String, near: Coordinate?) -> [GazetteerPlace] {
        let key = CategoryRegistry.normalizedQuery(name)
        guard !key.isEmpty else { return [] }
        let found = (index()[key] ?? []).map(gazetteer.place(at:))
        if let near {
            return found.sorted {
                Haversine.distance(near, $0.coordinate) < Haversine.distance(near, $1.coordinate)
            }
        }
        return found.enumerated().sorted {
            ($0.element.population, -$0.offset) > ($1.element.population, -$1.offset)
        }.map(\.element)
    }

    private func index() -> [String: [Int]] {
        rowsByName.withLock { rowsByName in
            if let rowsByName { return rowsByName }
            var built: [String: [Int]] = [:]
            for row in 0..<gazetteer.count {
                built[CategoryRegistry.normalizedQuery(gazetteer.place(at: row).name), default: []].append(row)
            }
            rowsByName = built
            return built
        }
    }
}

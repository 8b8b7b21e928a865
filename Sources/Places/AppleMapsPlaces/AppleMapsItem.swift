import Foundation
import GeoKit
import PlaceKit

/// The fields of one MapKit result (`MKMapItem`), read by the MapKit adapter and turned into a
/// ``PlaceKit/Place`` here, where Linux tests can check the rule.
///
/// Stable ids: iOS 18 gives `MKMapItem.identifier`, which survives across searches; before that
/// the id is made from the name and the position to 5 decimals (about 1 m), so the same place
/// found twice gets the same id. A place saved from Apple Maps is kept as a pin
/// (``PlaceKit/Place/libraryReference``), so "is saved" works whichever id it had.
public struct AppleMapsItem: Sendable, Hashable {
    /// `MKMapItem.identifier?.rawValue` (iOS 18 and later), nil before.
    public var identifier: String?
    /// `MKMapItem.name`.
    public var name: String?
    /// `placemark.coordinate.latitude`.
    public var latitude: Double
    /// `placemark.coordinate.longitude`.
    public var longitude: Double
    /// `pointOfInterestCategory?.rawValue` ("MKPOICategoryCafe").
    public var categoryRawValue: String?
    /// `phoneNumber`.
    public var phone: String?
    /// `url?.absoluteString`.
    public var website: String?
    /// The address lines MapKit gives (street, locality, country), already joined by the adapter.
    public var address: String?

    /// The fields read from one item.
    public init(
        identifier: String?, name: String?, latitude: Double, longitude: Double, categoryRawValue: String? = nil,
        phone: String? = nil, website: String? = nil, address: String? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.categoryRawValue = categoryRawValue
        self.phone = phone
        self.website = website
        self.address = address
    }

    /// The stable id: `applemaps:<identifier>`, else `applemaps:<name>@<lat>,<lon>` (5 decimals).
    public var placeID: PlaceID? {
        if let identifier, !identifier.isEmpty { return PlaceID(rawValue: "applemaps:\(identifier)") }
        let label = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return PlaceID(
            rawValue: "applemaps:\(label)@\(Self.fixed(latitude)),\(Self.fixed(longitude))")
    }

    /// The place, or nil when the position is not a valid coordinate.
    public func place(registry: CategoryRegistry = .standard) -> Place? {
        guard let id = placeID, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            return nil
        }
        let category =
            categoryRawValue.flatMap { registry.category(forAppleCategory: $0) }?.id
            ?? categoryRawValue.map { "apple.\($0.replacingOccurrences(of: "MKPOICategory", with: "").lowercased())" }
            ?? "apple.place"
        var tags: [String: String] = [:]
        tags["apple:address"] = address
        tags["apple:category"] = categoryRawValue
        return Place(
            id: id, name: name, category: category, coordinate: coordinate, phone: phone, website: website,
            tags: tags)
    }

    static func fixed(_ degrees: Double) -> String { String(format: "%.5f", degrees) }
}

import Foundation

/// How a place is shown, beyond its own fields: its category's name, symbol and colour (from a
/// ``CategoryRegistry``; `mappin` and grey for a category the registry does not know) and whether
/// it is open at an instant (nil without opening hours). The one rule behind the server's place
/// answer and `loci place --json`.
public struct PlacePresentation: Sendable, Equatable {
    /// The category's display name, or the raw category when the registry does not know it.
    public var categoryName: String
    /// The category's SF Symbol name (`mappin` when unknown).
    public var symbol: String
    /// The category's colour as `#RRGGBB` (`#808080` when unknown).
    public var color: String
    /// Open at the instant asked about; nil when the place has no opening hours.
    public var openNow: Bool?

    /// The presentation of `place` at `instant`, its opening hours read in `zone`.
    public init(_ place: Place, at instant: Date, in zone: TimeZone, registry: CategoryRegistry = .standard) {
        let definition = registry.category(id: place.category)
        categoryName = definition?.displayName ?? place.category
        symbol = definition?.symbolName ?? "mappin"
        color = definition?.colorHex ?? "#808080"
        openNow = place.openingHours?.isOpen(at: instant, in: zone)
    }
}

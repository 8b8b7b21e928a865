import PlaceKit

/// A category shortcut above the results ("Cafés", "Museums"): tapping one searches that category
/// around the user, or narrows the current text search to it.
public struct CategoryChip: Sendable, Hashable, Identifiable {
    /// The category.
    public var category: PlaceCategory
    /// Whether it is chosen.
    public var isSelected: Bool

    /// The category's id.
    public var id: PlaceCategory.ID { category.id }

    /// The chips shown, in order; the ids come from the standard registry.
    public static let defaultCategoryIDs = ["cafe", "restaurant", "bar", "museum", "park", "supermarket", "pharmacy"]

    /// Chips for the ids `registry` knows, `selected` marked.
    public static func chips(
        _ ids: [PlaceCategory.ID] = defaultCategoryIDs, registry: CategoryRegistry, selected: PlaceCategory.ID?
    ) -> [CategoryChip] {
        ids.compactMap { registry.category(id: $0) }.map { CategoryChip(category: $0, isSelected: $0.id == selected) }
    }
}

/// One suggestion while the user types (`and-away.md` §5 `AutocompleteSuggestion`).
///
/// A local provider knows the whole place already (``place``); Google's autocomplete returns
/// only an id and text, and the place is fetched on selection
/// (``AutocompleteService/place(for:)``), which also ends the billing session.
public struct AutocompleteSuggestion: Sendable, Hashable {
    /// The suggested place's id.
    public var placeID: PlaceID
    /// The main line ("Town Hall").
    public var primaryText: String
    /// The second line ("Sydney, New South Wales, Australia"), empty when there is none.
    public var secondaryText: String
    /// Metres from the request's centre, when the provider says.
    public var distance: Double?
    /// The whole place, when the provider already has it.
    public var place: Place?

    /// Creates a suggestion.
    public init(
        placeID: PlaceID, primaryText: String, secondaryText: String = "", distance: Double? = nil,
        place: Place? = nil
    ) {
        self.placeID = placeID
        self.primaryText = primaryText
        self.secondaryText = secondaryText
        self.distance = distance
        self.place = place
    }
}

/// A photo of a place: a provider reference, its size and the attributions to show with it.
public struct PlacePhoto: Sendable, Hashable, Codable {
    /// The provider's reference (for Google the resource name `places/ID/photos/REF`); never
    /// persisted for Google places, whose terms forbid caching content.
    public var reference: String
    /// Width in pixels of the original, when known.
    public var width: Int?
    /// Height in pixels of the original, when known.
    public var height: Int?
    /// Names to credit next to the photo (required by Google).
    public var attributions: [String]
    /// A short-lived URL of the image, once resolved.
    public var url: String?

    /// Creates a photo.
    public init(
        reference: String, width: Int? = nil, height: Int? = nil, attributions: [String] = [],
        url: String? = nil
    ) {
        self.reference = reference
        self.width = width
        self.height = height
        self.attributions = attributions
        self.url = url
    }
}

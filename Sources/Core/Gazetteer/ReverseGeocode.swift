/// The answer to a reverse lookup: which populated place a point belongs to, and how to label it.
///
/// See ``Gazetteer/reverse(_:within:)`` for the rule that picks ``locality`` and
/// ``neighbourhood``.
public struct ReverseGeocode: Sendable, Equatable {
    /// The gazetteer place nearest to the point.
    public var nearest: GazetteerPlace
    /// Great-circle distance from the point to ``nearest``, in metres.
    public var distance: Double
    /// The town or city the point belongs to (e.g. Helsinki for a point in Kallio).
    public var locality: GazetteerPlace
    /// A smaller place inside ``locality`` near the point (e.g. Kallio), when there is one.
    public var neighbourhood: GazetteerPlace?
    /// A short human label, "Kallio, Helsinki" or "Arezzo, Tuscany"; never a street address.
    public var label: String

    /// Creates an answer; ``label`` is derived from the places.
    public init(
        nearest: GazetteerPlace, distance: Double, locality: GazetteerPlace, neighbourhood: GazetteerPlace?
    ) {
        self.nearest = nearest
        self.distance = distance
        self.locality = locality
        self.neighbourhood = neighbourhood
        self.label = Self.label(locality: locality, neighbourhood: neighbourhood)
    }

    /// "Neighbourhood, Locality" when there is a neighbourhood; else "Locality, Admin1"; else
    /// "Locality, CC" (the country code) when the locality has no first-level division.
    static func label(locality: GazetteerPlace, neighbourhood: GazetteerPlace?) -> String {
        if let neighbourhood { return "\(neighbourhood.name), \(locality.name)" }
        let region = locality.admin1.isEmpty ? locality.countryCode : locality.admin1
        return region.isEmpty || region == locality.name ? locality.name : "\(locality.name), \(region)"
    }
}

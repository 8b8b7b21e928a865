/// The `X-Goog-FieldMask` of each call. Google bills a request at the highest SKU of any field
/// in its mask, so list calls ask only for what a result row shows.
///
/// SKUs as Google's Places API (New) SKU table of 2025 lists them (Google moves fields between
/// tiers; recheck before launch):
/// * ``list`` (searchText, searchNearby): id, displayName, location, types, primaryType,
///   formattedAddress → **Text Search Pro / Nearby Search Pro** (ids alone would be Essentials,
///   but a row needs a name and a position; nothing from Enterprise: no rating, hours, phone).
/// * ``details`` (places/{id}): adds addressComponents, rating, userRatingCount, businessStatus,
///   phone, website, googleMapsUri, regularOpeningHours, photos → **Place Details Enterprise**,
///   called only for the details sheet.
/// * ``autocomplete``: the prediction's id and text → **Autocomplete Requests** (free when the
///   session ends in a details call, which then bills as that call).
/// * ``photos`` (`id,photos` on places/{id}) → **Place Details Essentials (IDs Only)**; each
///   `{photo}/media` call takes no mask → **Place Details Photos**.
public enum GooglePlacesFieldMask {
    /// Fields of one place in a result row.
    static let listFields = ["id", "displayName", "location", "types", "primaryType", "formattedAddress"]
    /// Fields of the details sheet.
    static let detailFields =
        listFields + [
            "addressComponents", "rating", "userRatingCount", "businessStatus", "nationalPhoneNumber",
            "internationalPhoneNumber", "websiteUri", "googleMapsUri", "regularOpeningHours", "photos",
        ]

    /// The mask of searchText and searchNearby (fields under `places.`).
    public static let list = listFields.map { "places.\($0)" }.joined(separator: ",")
    /// The mask of a details call.
    public static let details = detailFields.joined(separator: ",")
    /// The mask of a details call made only for photos.
    public static let photos = "id,photos"
    /// The mask of autocomplete.
    public static let autocomplete = [
        "placeId", "text.text", "structuredFormat.mainText.text", "structuredFormat.secondaryText.text",
        "types",
        "distanceMeters",
    ].map { "suggestions.placePrediction.\($0)" }.joined(separator: ",")
}

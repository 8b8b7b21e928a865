/// The Places API (New) v1 JSON shapes the client reads, as Google documents them (fields not
/// read are ignored; every field is optional because the field mask decides what comes back).
enum GoogleWire {
    struct LocalizedText: Decodable, Sendable {
        var text: String?
        var languageCode: String?
    }

    struct LatLng: Decodable, Sendable {
        var latitude: Double?
        var longitude: Double?
    }

    struct AddressComponent: Decodable, Sendable {
        var longText: String?
        var shortText: String?
        var types: [String]?
    }

    struct Point: Decodable, Sendable {
        var day: Int?
        var hour: Int?
        var minute: Int?
    }

    struct Period: Decodable, Sendable {
        var open: Point?
        var close: Point?
    }

    struct OpeningHours: Decodable, Sendable {
        var openNow: Bool?
        var periods: [Period]?
        var weekdayDescriptions: [String]?
    }

    struct AuthorAttribution: Decodable, Sendable {
        var displayName: String?
    }

    struct Photo: Decodable, Sendable {
        var name: String?
        var widthPx: Int?
        var heightPx: Int?
        var authorAttributions: [AuthorAttribution]?
    }

    struct Place: Decodable, Sendable {
        var name: String?
        var id: String?
        var displayName: LocalizedText?
        var types: [String]?
        var primaryType: String?
        var formattedAddress: String?
        var addressComponents: [AddressComponent]?
        var location: LatLng?
        var rating: Double?
        var userRatingCount: Int?
        var businessStatus: String?
        var nationalPhoneNumber: String?
        var internationalPhoneNumber: String?
        var websiteUri: String?
        var googleMapsUri: String?
        var regularOpeningHours: OpeningHours?
        var photos: [Photo]?
    }

    struct PlacesResponse: Decodable, Sendable {
        var places: [Place]?
        var nextPageToken: String?
    }

    struct FormattableText: Decodable, Sendable {
        var text: String?
    }

    struct StructuredFormat: Decodable, Sendable {
        var mainText: FormattableText?
        var secondaryText: FormattableText?
    }

    struct PlacePrediction: Decodable, Sendable {
        var place: String?
        var placeId: String?
        var text: FormattableText?
        var structuredFormat: StructuredFormat?
        var types: [String]?
        var distanceMeters: Int?
    }

    struct Suggestion: Decodable, Sendable {
        var placePrediction: PlacePrediction?
    }

    struct AutocompleteResponse: Decodable, Sendable {
        var suggestions: [Suggestion]?
    }

    struct PhotoMedia: Decodable, Sendable {
        var name: String?
        var photoUri: String?
    }

    /// Google's error body: `{"error": {"code": 403, "message": "…", "status": "PERMISSION_DENIED"}}`.
    struct ErrorBody: Decodable, Sendable {
        struct Detail: Decodable, Sendable {
            var code: Int?
            var message: String?
            var status: String?
        }
        var error: Detail?
    }
}

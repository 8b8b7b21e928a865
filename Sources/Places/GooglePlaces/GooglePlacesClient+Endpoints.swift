import Foundation
import GeoKit

extension GooglePlacesClient {
    /// `POST /v1/places:searchText` (Text Search Pro): places for free text, biased to a circle
    /// when `center` is given. `pageSize` is clamped to 1…20.
    func searchText(
        _ text: String, center: Coordinate?, radius: Double?, includedType: String?, pageSize: Int
    ) async throws(GooglePlacesError) -> [GoogleWire.Place] {
        let call = "places:searchText"
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidArgument(call: call, reason: "the text query is empty")
        }
        var body: [String: Any] = ["textQuery": text, "pageSize": min(20, max(1, pageSize))]
        if let center {
            body["locationBias"] = ["circle": try Self.circle(center, radius: radius ?? 5_000, call: call)]
        }
        if let includedType { body["includedType"] = includedType }
        if let language = configuration.languageCode { body["languageCode"] = language }
        let response = try await send(
            call, path: "/v1/places:searchText", fieldMask: GooglePlacesFieldMask.list, body: body,
            as: GoogleWire.PlacesResponse.self)
        return response.places ?? []
    }

    /// `POST /v1/places:searchNearby` (Nearby Search Pro): places of `includedTypes` (any when
    /// empty) inside a circle, nearest first. Google accepts radii in (0, 50 000] m and 1…20 results.
    func searchNearby(
        center: Coordinate, radius: Double, includedTypes: [String], maxResultCount: Int
    ) async throws(GooglePlacesError) -> [GoogleWire.Place] {
        let call = "places:searchNearby"
        var body: [String: Any] = [
            "locationRestriction": ["circle": try Self.circle(center, radius: radius, call: call)],
            "maxResultCount": min(20, max(1, maxResultCount)), "rankPreference": "DISTANCE",
        ]
        if !includedTypes.isEmpty { body["includedTypes"] = includedTypes }
        if let language = configuration.languageCode { body["languageCode"] = language }
        let response = try await send(
            call, path: "/v1/places:searchNearby", fieldMask: GooglePlacesFieldMask.list, body: body,
            as: GoogleWire.PlacesResponse.self)
        return response.places ?? []
    }

    /// `GET /v1/places/{id}` with `fieldMask`; `sessionToken` ends an autocomplete session.
    func details(
        placeID: String, fieldMask: String, sessionToken: String?
    ) async throws(GooglePlacesError) -> GoogleWire.Place {
        let call = "places.get"
        try Self.checkResourceSegment(placeID, call: call)
        var query: [URLQueryItem] = []
        if let sessionToken { query.append(URLQueryItem(name: "sessionToken", value: sessionToken)) }
        if let language = configuration.languageCode {
            query.append(URLQueryItem(name: "languageCode", value: language))
        }
        return try await send(
            call, path: "/v1/places/\(placeID)", query: query, fieldMask: fieldMask, as: GoogleWire.Place.self
        )
    }

    /// `POST /v1/places:autocomplete` with the session's token, biased to a circle when given.
    func autocomplete(
        _ input: String, center: Coordinate?, radius: Double?, sessionToken: String
    ) async throws(GooglePlacesError) -> [GoogleWire.PlacePrediction] {
        let call = "places:autocomplete"
        guard !input.isEmpty else { throw .invalidArgument(call: call, reason: "the input is empty") }
        var body: [String: Any] = ["input": input, "sessionToken": sessionToken]
        if let center {
            body["locationBias"] = ["circle": try Self.circle(center, radius: radius ?? 5_000, call: call)]
            body["origin"] = ["latitude": center.latitude, "longitude": center.longitude]
        }
        if let language = configuration.languageCode { body["languageCode"] = language }
        let response = try await send(
            call, path: "/v1/places:autocomplete", fieldMask: GooglePlacesFieldMask.autocomplete, body: body,
            as: GoogleWire.AutocompleteResponse.self)
        return response.suggestions?.compactMap(\.placePrediction) ?? []
    }

    /// `GET /v1/{photo name}/media?skipHttpRedirect=true` (Place Details Photos): a short-lived
    /// image URL for a photo resource name (`places/ID/photos/REF`), at most `maxWidth` pixels wide.
    func photoURI(name: String, maxWidth: Int) async throws(GooglePlacesError) -> String {
        let call = "photos.getMedia"
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "places", parts[2] == "photos" else {
            throw .invalidArgument(call: call, reason: "'\(name)' is not places/ID/photos/REF")
        }
        for part in [parts[1], parts[3]] { try Self.checkResourceSegment(String(part), call: call) }
        let query = [
            URLQueryItem(name: "maxWidthPx", value: String(min(4_800, max(1, maxWidth)))),
            URLQueryItem(name: "skipHttpRedirect", value: "true"),
        ]
        let media = try await send(
            call, path: "/v1/\(name)/media", query: query, fieldMask: nil, as: GoogleWire.PhotoMedia.self)
        guard let uri = media.photoUri, !uri.isEmpty else {
            throw .undecodableBody(call: call, path: "photoUri", message: "missing")
        }
        return uri
    }

    /// Google's circle: a centre and a radius in (0, 50 000] metres.
    static func circle(_ center: Coordinate, radius: Double, call: String) throws(GooglePlacesError)
        -> [String: Any]
    {
        guard radius.isFinite, radius > 0, radius <= 50_000 else {
            throw .invalidArgument(call: call, reason: "radius \(radius) m is outside Google's (0, 50000] m")
        }
        return ["center": ["latitude": center.latitude, "longitude": center.longitude], "radius": radius]
    }

    /// A path segment must not be able to change the path: letters, digits, `-` and `_` only.
    static func checkResourceSegment(_ segment: String, call: String) throws(GooglePlacesError) {
        let allowed = segment.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                || $0 == "_"
        }
        guard !segment.isEmpty, allowed else {
            throw .invalidArgument(call: call, reason: "'\(segment)' is not a Google resource id")
        }
    }
}

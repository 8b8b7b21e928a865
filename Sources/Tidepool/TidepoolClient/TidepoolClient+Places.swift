import Foundation
import LociAPI
import OpenAPIRuntime

extension TidepoolClient {
    /// Released heat in a viewport, weighted by similarity to `vector` when given. Sent with the
    /// device's access token when it has one (the server reads it only for the rate limit).
    public func heat(
        south: Double, west: Double, north: Double, east: Double, vector: [Double]? = nil
    ) async throws(TidepoolClientError) -> TidepoolHeat {
        let operation = Operations.PostV1TilesHeat.id
        let body = Operations.PostV1TilesHeat.Input.Body.JsonPayload(
            south: south, west: west, north: north, east: east, vector: vector)
        return try await optionallyAuthorised(operation) {
            let answer = try await api.postV1TilesHeat(body: .json(body))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// Place search around a point, personalised by the device's profile when registered.
    public func search(
        _ query: String, latitude: Double? = nil, longitude: Double? = nil, radius: Double? = nil,
        limit: Int? = nil
    ) async throws(TidepoolClientError) -> TidepoolSearchResults {
        let operation = Operations.GetV1PlacesSearch.id
        let parameters = Operations.GetV1PlacesSearch.Input.Query(
            q: query, lat: latitude, lon: longitude, radius: radius, limit: limit)
        return try await optionallyAuthorised(operation) {
            let answer = try await api.getV1PlacesSearch(query: parameters)
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// Suggestions near a point, personalised when registered.
    public func suggestions(
        latitude: Double, longitude: Double, radius: Double? = nil, limit: Int? = nil
    ) async throws(TidepoolClientError) -> TidepoolSearchResults {
        let operation = Operations.GetV1PlacesSuggestions.id
        let parameters = Operations.GetV1PlacesSuggestions.Input.Query(
            lat: latitude, lon: longitude, radius: radius, limit: limit)
        return try await optionallyAuthorised(operation) {
            let answer = try await api.getV1PlacesSuggestions(query: parameters)
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// One place in full, by its id (`osm:node/123`; the client percent-encodes it).
    public func place(id: String) async throws(TidepoolClientError) -> TidepoolPlace {
        let operation = Operations.GetV1PlacesId.id
        return try await perform(operation) {
            let answer = try await api.getV1PlacesId(path: .init(id: id))
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// The server's published privacy parameters and the epochs whose releases are live.
    public func privacy() async throws(TidepoolClientError) -> TidepoolPrivacy {
        let operation = Operations.GetV1Privacy.id
        return try await perform(operation) {
            let answer = try await api.getV1Privacy()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// The server's liveness answer: its epoch length and the imported places' bounds.
    public func health() async throws(TidepoolClientError) -> TidepoolHealth {
        let operation = Operations.GetHealth.id
        return try await perform(operation) {
            let answer = try await api.getHealth()
            guard case .ok(let ok) = answer else { throw Self.unexpected(operation, answer) }
            return try ok.body.json
        }
    }

    /// A call that works without a device and is personalised with one: authenticated (with
    /// the one renewal on 401) when registered, plain otherwise.
    func optionallyAuthorised<T: Sendable>(
        _ operation: String, _ call: () async throws -> T
    ) async throws(TidepoolClientError) -> T {
        if try await credentials() != nil { return try await authorised(operation, call) }
        return try await perform(operation, call)
    }
}

import Foundation
import GeoKit
import RoutingKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Directions from the Google Routes API (`directions/v2:computeRoutes`).
///
/// Asks only for the fields it reads (the `X-Goog-FieldMask` header): the route totals, the
/// encoded polyline and each step's instruction, distance, duration and start. Routes are not
/// persisted (Google Maps Platform terms).
public struct GoogleRoutesDirectionsService: DirectionsService {
    /// The environment variable holding the API key.
    public static let apiKeyVariable = "GOOGLE_MAPS_API_KEY"
    /// The fields requested from the API.
    public static let fieldMask = [
        "routes.distanceMeters", "routes.duration", "routes.polyline.encodedPolyline",
        "routes.legs.steps.distanceMeters", "routes.legs.steps.staticDuration",
        "routes.legs.steps.startLocation",
        "routes.legs.steps.navigationInstruction",
    ].joined(separator: ",")

    private let apiKey: String
    private let baseURL: URL
    private let session: URLSession

    /// A client with `apiKey` against `baseURL` (the public endpoint unless a test points elsewhere).
    public init(
        apiKey: String, baseURL: URL = URL(string: "https://routes.googleapis.com")!,
        session: URLSession = .shared
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.session = session
    }

    /// A client with the key from ``apiKeyVariable``.
    ///
    /// - Throws: ``DirectionsError/missingAPIKey(variable:)`` when it is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DirectionsError) {
        guard let key = environment[Self.apiKeyVariable], !key.isEmpty else {
            throw .missingAPIKey(variable: Self.apiKeyVariable)
        }
        self.init(apiKey: key)
    }

    public func directions(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> Route
    {
        guard let best = try await compute(origin, destination, mode, alternatives: false).first else {
            throw .noRoute(provider: Self.provider)
        }
        return best
    }

    public func routeAlternatives(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> [Route]
    {
        let routes = try await compute(origin, destination, mode, alternatives: true)
        guard !routes.isEmpty else { throw .noRoute(provider: Self.provider) }
        return routes
    }

    static let provider = "Google Routes"

    /// The API's name for a travel mode.
    static func apiTravelMode(_ mode: TravelMode) -> String {
        switch mode {
        case .foot: "WALK"
        case .bicycle: "BICYCLE"
        case .car: "DRIVE"
        }
    }

    private func compute(
        _ origin: Coordinate, _ destination: Coordinate, _ mode: TravelMode, alternatives: Bool
    )
        async throws(DirectionsError) -> [Route]
    {
        var request = URLRequest(url: baseURL.appendingPathComponent("directions/v2:computeRoutes"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        request.setValue(Self.fieldMask, forHTTPHeaderField: "X-Goog-FieldMask")
        request.httpBody = Self.body(origin, destination, mode, alternatives: alternatives)
        request.timeoutInterval = 20
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport(provider: Self.provider, message: error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Self.httpError(status, data) }
        return try Self.decodeRoutes(data, mode: mode)
    }

    /// The request body (JSON) for one computeRoutes call.
    static func body(_ origin: Coordinate, _ destination: Coordinate, _ mode: TravelMode, alternatives: Bool)
        -> Data
    {
        func waypoint(_ c: Coordinate) -> [String: Any] {
            ["location": ["latLng": ["latitude": c.latitude, "longitude": c.longitude]]]
        }
        var body: [String: Any] = [
            "origin": waypoint(origin), "destination": waypoint(destination),
            "travelMode": apiTravelMode(mode),
            "computeAlternativeRoutes": alternatives, "languageCode": "en-US", "units": "METRIC",
        ]
        if mode == .car { body["routingPreference"] = "TRAFFIC_UNAWARE" }
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    }
}

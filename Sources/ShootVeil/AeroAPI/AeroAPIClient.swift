import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Enriches a chosen aircraft from FlightAware AeroAPI v4 (`GET /flights/{ident}` with the
/// `x-apikey` header). AeroAPI is never used to find aircraft: positions come from ADS-B.
public struct AeroAPIClient: FlightLookup {
    /// AeroAPI v4's base URL.
    public static let productionBaseURL = URL(string: "https://aeroapi.flightaware.com/aeroapi")!
    /// The environment variable the CLI reads the key from.
    public static let keyVariable = "AEROAPI_KEY"

    /// Base URL (a local stub in tests).
    public var baseURL: URL
    /// The API key.
    public var apiKey: String
    private let session: URLSession

    /// A client for `baseURL` with `apiKey`.
    public init(apiKey: String, baseURL: URL = Self.productionBaseURL, session: URLSession = .shared) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.session = session
    }

    /// What AeroAPI says about a flight.
    public typealias Flight = FlightDetails

    /// A failed AeroAPI call.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// HTTP 401/403: the key is missing or wrong.
        case unauthorized
        /// HTTP 429: the account's rate or monthly limit is reached.
        case rateLimited
        /// Any other HTTP status, with AeroAPI's `detail` text when present.
        case http(status: Int, detail: String)
        /// The body is not the documented JSON (what was wrong).
        case malformed(String)
        /// The request did not complete.
        case transport(String)

        public var description: String {
            switch self {
            case .unauthorized: "AeroAPI: the key was refused (set \(AeroAPIClient.keyVariable))"
            case .rateLimited: "AeroAPI: rate limit reached"
            case .http(let status, let detail): "AeroAPI: HTTP \(status) \(detail)"
            case .malformed(let detail): "AeroAPI: unexpected response: \(detail)"
            case .transport(let detail): "AeroAPI: \(detail)"
            }
        }
    }

    /// The most recent flight for `ident` (a callsign such as `DAL1812`), or `nil` when AeroAPI knows none.
    public func flight(ident: String) async throws(Failure) -> Flight? {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        guard !ident.isEmpty, ident.unicodeScalars.allSatisfy(allowed.contains) else {
            throw .malformed("ident '\(ident)' is not letters and digits")
        }
        var request = URLRequest(url: baseURL.appendingPathComponent("flights").appendingPathComponent(ident))
        request.setValue(apiKey, forHTTPHeaderField: "x-apikey")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do { (data, response) = try await session.data(for: request) } catch {
            throw .transport(error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        switch status {
        case 200: break
        case 401, 403: throw .unauthorized
        case 429: throw .rateLimited
        case 404: return nil
        default: throw .http(status: status, detail: object?["detail"] as? String ?? "")
        }
        guard let object, let flights = object["flights"] as? [Any] else {
            throw .malformed("no 'flights' array")
        }
        guard let first = flights.first else { return nil }
        guard let flight = first as? [String: Any] else { throw .malformed("flights[0] is not an object") }
        func airport(_ key: String) -> String? {
            guard let value = flight[key] as? [String: Any] else { return nil }
            let code = value["code_icao"] as? String ?? value["code"] as? String
            let name = value["name"] as? String
            return [code, name].compactMap { $0 }.joined(separator: " ").nilIfEmpty
        }
        return Flight(
            ident: flight["ident"] as? String ?? ident, aircraftType: flight["aircraft_type"] as? String,
            registration: flight["registration"] as? String, origin: airport("origin"),
            destination: airport("destination"),
            operatorCode: flight["operator_icao"] as? String ?? flight["operator"] as? String)
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

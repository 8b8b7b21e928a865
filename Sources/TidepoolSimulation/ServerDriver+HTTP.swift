import Foundation
import GeoKit
import HeatAggregation
import TidepoolTokens

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ServerDriver {
    /// One blind token for `epoch`, as a device gets it.
    func presenceToken(epoch: Int64, key: Data, accessToken: String) async throws(SimulationError)
        -> PresenceToken
    {
        let client = TokenClient()
        do {
            let pending = try client.request(epoch: epoch, publicKeyDER: key)
            let answer = try await call(
                "POST", "/v1/tidepool/tokens",
                json: ["epoch": epoch, "blinded_message": pending.blindedMessage.base64EncodedString()],
                token: accessToken)
            guard let text = answer["blind_signature"] as? String, let signature = Data(base64Encoded: text)
            else {
                throw SimulationError.component(
                    name: "server", message: "token issuance answered without a signature")
            }
            return try client.finish(pending, blindSignature: signature)
        } catch let error as SimulationError {
            throw error
        } catch {
            throw .component(name: "tokens", message: "\(error)")
        }
    }

    /// A JSON request that must answer 2xx with a JSON object.
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, token: String? = nil)
        async throws(SimulationError) -> [String: Any]
    {
        let body = try json.map { object throws(SimulationError) in
            do { return try JSONSerialization.data(withJSONObject: object) } catch {
                throw SimulationError.component(name: "client", message: "\(error)")
            }
        }
        let (status, data) = try await send(method, path, body: body, token: token)
        guard (200..<300).contains(status) else {
            throw .component(
                name: "server",
                message: "\(method) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// The status of a request whose body is sent as is.
    func status(_ method: String, _ path: String, body: Data) async throws(SimulationError) -> Int {
        try await send(method, path, body: body, token: nil).0
    }

    func send(_ method: String, _ path: String, body: Data?, token: String?) async throws(SimulationError)
        -> (Int, Data)
    {
        guard let url = URL(string: server.absoluteString.trimmingCharacters(in: ["/"]) + path) else {
            throw .invalidOption(name: "server", reason: "\(server) does not make a URL with \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        } catch {
            throw .component(name: "server", message: "\(method) \(url): \(error.localizedDescription)")
        }
    }

    /// A point 0–40 m from `place` in a random direction.
    static func jitter(_ place: Coordinate, using random: inout some RandomNumberGenerator) -> Coordinate {
        let distance = Double.random(in: 0...40, using: &random)
        let bearing = Double.random(in: 0..<(2 * Double.pi), using: &random)
        let north = distance * cos(bearing) / 111_320
        let east = distance * sin(bearing) / (111_320 * cos(place.latitude * Double.pi / 180))
        return Coordinate(uncheckedLatitude: place.latitude + north, longitude: place.longitude + east)
    }
}

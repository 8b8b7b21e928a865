import Foundation
import InterestIntegrations

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SpotifyAPIClient {
    /// Every page of `/me/top/<type>` for `range`, merged into one `{"items": […]}` body.
    func pages(_ type: String, range: SpotifyTopItemsMapper.TimeRange, token: inout SpotifyToken, now: Date)
        async throws(SpotifyAPIError) -> Data
    {
        let name = "top \(type) (\(range.rawValue))"
        var items: [Any] = []
        var offset = 0
        var limit = configuration.pageSize
        while true {
            let url = pageURL(
                type, range: range, limit: min(limit, configuration.maximumItems - items.count),
                offset: offset)
            let data = try await get(url, name: name, token: &token, now: now)
            guard let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let pageItems = page["items"] as? [Any]
            else {
                throw .malformedResponse(
                    request: name, detail: "not a paging object with items (\(data.count) bytes)")
            }
            items += pageItems
            guard items.count < configuration.maximumItems, !pageItems.isEmpty,
                let next = page["next"] as? String,
                let query = URLComponents(string: next)?.queryItems,
                let nextOffset = query.first(where: { $0.name == "offset" })?.value.flatMap({ Int($0) }),
                nextOffset > offset
            else { break }
            offset = nextOffset
            limit = query.first(where: { $0.name == "limit" })?.value.flatMap { Int($0) } ?? limit
            limit = min(50, max(1, limit))
        }
        do { return try JSONSerialization.data(withJSONObject: ["items": items]) } catch {
            throw .malformedResponse(request: name, detail: "\(error)")
        }
    }

    /// `<baseURL>/me/top/<type>?time_range=…&limit=…&offset=…`.
    func pageURL(_ type: String, range: SpotifyTopItemsMapper.TimeRange, limit: Int, offset: Int) -> URL {
        let url = configuration.baseURL.appendingPathComponent("me/top/\(type)")
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "time_range", value: range.rawValue),
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "offset", value: String(offset)),
        ]
        return components?.url ?? url
    }

    /// One GET with the bearer token: refreshes once on 401, waits out 429s, and answers the
    /// body of a 2xx.
    func get(_ url: URL, name: String, token: inout SpotifyToken, now: Date) async throws(SpotifyAPIError)
        -> Data
    {
        var refreshed = false
        var retries = 0
        while true {
            var request = URLRequest(url: url)
            request.setValue("Bearer \(token.accessToken)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let answer: (Data, URLResponse)
            do { answer = try await session.data(for: request) } catch {
                throw .transport(request: name, detail: error.localizedDescription)
            }
            let (data, response) = (answer.0, answer.1 as? HTTPURLResponse)
            let status = response?.statusCode ?? 0
            switch status {
            case 200..<300:
                return data
            case 401:
                guard !refreshed, token.refreshToken != nil else {
                    throw .unauthorized(request: name, message: Self.errorMessage(data))
                }
                do { token = try await auth.refresh(token, now: now) } catch {
                    throw .refresh(request: name, error)
                }
                refreshed = true
            case 429:
                let retryAfter = response?.value(forHTTPHeaderField: "Retry-After").flatMap { Double($0) }
                guard retries < configuration.maximumRetries, let wait = retryAfter, wait >= 0,
                    wait <= configuration.maximumWait
                else { throw .rateLimited(request: name, retryAfter: retryAfter) }
                retries += 1
                await sleep(wait)
            default:
                throw .http(request: name, status: status, message: Self.errorMessage(data))
            }
        }
    }

    /// The `message` of Spotify's error object (`{"error": {"status": 401, "message": "…"}}`).
    static func errorMessage(_ data: Data) -> String? {
        struct Body: Decodable {
            struct Inner: Decodable { var message: String? }
            var error: Inner
        }
        return (try? JSONDecoder().decode(Body.self, from: data))?.error.message
    }
}

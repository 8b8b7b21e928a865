import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP layer for Places API (New): one JSON request with the key and field mask headers,
/// retried on 429, 5xx and network failures (``RetryPolicy``), every failure a
/// ``GooglePlacesError``.
///
/// Time and randomness come in as parameters (`sleep`, `unitRandom`) so tests run the retry
/// path without waiting and with known jitter.
public struct GooglePlacesClient: Sendable {
    /// Where and how to call.
    public let configuration: GooglePlacesConfiguration
    let session: URLSession
    let sleep: @Sendable (Double) async -> Void
    let unitRandom: @Sendable () -> Double

    /// Creates a client. `sleep` waits the given seconds (default: `Task.sleep`); `unitRandom`
    /// returns a uniform value in 0…1 for jitter (default: the system generator).
    public init(
        configuration: GooglePlacesConfiguration,
        sleep: @escaping @Sendable (Double) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
        },
        unitRandom: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        self.session = URLSession(configuration: sessionConfiguration)
        self.sleep = sleep
        self.unitRandom = unitRandom
    }

    /// Sends one call and decodes its answer.
    ///
    /// - Parameters:
    ///   - call: the API method's name for errors (`"places:searchText"`).
    ///   - path: the path after the base URL (`/v1/places:searchText`).
    ///   - fieldMask: the `X-Goog-FieldMask` header, nil for calls that take none.
    ///   - body: a JSON object for POST, nil for GET.
    func send<Response: Decodable>(
        _ call: String, path: String, query: [URLQueryItem] = [], fieldMask: String?,
        body: [String: Any]? = nil,
        as: Response.Type = Response.self
    ) async throws(GooglePlacesError) -> Response {
        let request = try makeRequest(call, path: path, query: query, fieldMask: fieldMask, body: body)
        var attempt = 0
        while true {
            let failure: GooglePlacesError
            var retryAfter: Double?
            do {
                let (data, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if (200..<300).contains(status) {
                    return try Self.decode(Response.self, from: data, call: call)
                }
                failure = Self.failure(call: call, status: status, body: data)
                retryAfter = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After").flatMap(
                    Double.init)
            } catch let error as GooglePlacesError {
                throw error
            } catch {
                failure = .network(call: call, message: error.localizedDescription)
            }
            attempt += 1
            guard failure.isRetryable, attempt < configuration.retry.maximumAttempts else { throw failure }
            await sleep(
                configuration.retry.delay(
                    beforeRetry: attempt - 1, unit: unitRandom(), retryAfter: retryAfter))
        }
    }

    private func makeRequest(
        _ call: String, path: String, query: [URLQueryItem], fieldMask: String?, body: [String: Any]?
    ) throws(GooglePlacesError) -> URLRequest {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)
        let basePath = components?.path ?? ""
        components?.percentEncodedPath =
            (basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath) + path
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else {
            throw .invalidArgument(
                call: call, reason: "cannot form a URL from \(configuration.baseURL) and \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = body == nil ? "GET" : "POST"
        request.setValue(configuration.apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        if let fieldMask { request.setValue(fieldMask, forHTTPHeaderField: "X-Goog-FieldMask") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            do {
                request.httpBody = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            } catch {
                throw .invalidArgument(call: call, reason: "request body is not JSON: \(error)")
            }
        }
        return request
    }
}

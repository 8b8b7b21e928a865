import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one way the feeds make a request: bounded by ``timeout`` (a race against a sleep, since
/// FoundationNetworking's libcurl takes whole seconds only and rounds a fraction down; the
/// session's own timeouts, a second later, are the backstop), a body size limit, and every
/// failure an ``AircraftFeedSourceError`` naming the feed.
struct FeedHTTP: Sendable {
    /// The most a feed's body may hold, bytes (a busy receiver's `aircraft.json` is ~1 MB).
    static let maximumBodyBytes = 16 * 1_024 * 1_024

    /// Seconds before a request counts as failed.
    let timeout: Double
    let session: URLSession

    /// A client whose requests give up after `timeout` seconds.
    init(timeout: Double) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = timeout.rounded(.up) + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// The body of `request` when the answer is HTTP 200.
    func body(of request: URLRequest, feed: String) async throws(AircraftFeedSourceError) -> Data {
        var request = request
        request.timeoutInterval = timeout.rounded(.up) + 1
        let data: Data
        let response: URLResponse
        do {
            guard let answer = try await answer(to: request) else {
                throw AircraftFeedSourceError(feed: feed, .timedOut(seconds: timeout))
            }
            (data, response) = answer
        } catch let error as AircraftFeedSourceError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw AircraftFeedSourceError(feed: feed, .timedOut(seconds: timeout))
        } catch {
            throw AircraftFeedSourceError(feed: feed, .transport(error.localizedDescription))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw AircraftFeedSourceError(feed: feed, .http(status: status)) }
        guard data.count <= Self.maximumBodyBytes else {
            throw AircraftFeedSourceError(
                feed: feed,
                .malformed(
                    AircraftFeedError(
                        format: "feed", location: "document",
                        reason: "\(data.count) bytes, more than \(Self.maximumBodyBytes)")))
        }
        return data
    }

    /// The session's answer, or nil when ``timeout`` passes first (the request is then cancelled).
    private func answer(to request: URLRequest) async throws -> (Data, URLResponse)? {
        let session = self.session
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1e9))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}

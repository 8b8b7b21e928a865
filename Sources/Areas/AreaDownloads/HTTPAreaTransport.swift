import AreaKit
import Foundation
import LockedState

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``AreaTransport`` over plain HTTP with URLSession (a data task per fetch whose bytes go to the
/// partial file as they arrive, so a pack is never whole in memory). Runs on Linux and on the
/// phone in the foreground.
public struct HTTPAreaTransport: AreaTransport {
    /// The server, `http://127.0.0.1:8080`.
    public let baseURL: URL
    /// Seconds without a byte before a request fails (the connection counts as dropped).
    public var timeoutSeconds: Double

    /// A transport to `baseURL`.
    public init(baseURL: URL, timeoutSeconds: Double = 60) {
        self.baseURL = baseURL
        self.timeoutSeconds = timeoutSeconds
    }

    public func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing {
        var components = URLComponents(url: baseURL.appendingPathComponent("v1/areas"), resolvingAgainstBaseURL: false)
        if let near { components?.queryItems = [URLQueryItem(name: "near", value: "\(near.latitude),\(near.longitude)")] }
        guard let url = components?.url else { throw .badAnswer("cannot make a URL from \(baseURL)") }
        var request = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do { (data, response) = try await URLSession.shared.data(for: request) } catch {
            throw .transport("GET \(url.absoluteString): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw .badAnswer("GET /v1/areas: not an HTTP answer") }
        guard http.statusCode == 200 else { throw .server(status: http.statusCode, Self.message(data)) }
        do { return try AreaListing.decode(data) } catch { throw .badAnswer("GET /v1/areas: \(error)") }
    }

    public func fetch(_ request: AreaFetchRequest, appendingTo partial: URL, progress: @escaping @Sendable (Int64) -> Void)
        async throws(AreaDownloadError) -> AreaFetchOutcome
    {
        var http = URLRequest(url: baseURL.appendingPathComponent(request.path), timeoutInterval: timeoutSeconds)
        for (field, value) in request.resumeHeaders { http.setValue(value, forHTTPHeaderField: field) }
        if !FileManager.default.fileExists(atPath: partial.path) {
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw .file(path: partial.path, "cannot be created")
            }
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: partial)
            try handle.truncate(atOffset: UInt64(request.offset))
            try handle.seekToEnd()
        } catch { throw .file(path: partial.path, error.localizedDescription) }
        let sink = FetchSink(handle: handle, request: request, path: partial.path, progress: progress)
        let result: Result<AreaFetchOutcome, AreaDownloadError> = await withCheckedContinuation { continuation in
            sink.start(http, continuation: continuation)
        }
        return try result.get()
    }

    /// The `message` of an error body, else the body's first characters.
    public static func message(_ data: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let message = object["message"] as? String {
            return message
        }
        return String(decoding: data.prefix(200), as: UTF8.self)
    }
}

/// One fetch: the URLSession delegate that writes the body to the partial file and resumes the
/// caller once, when the task completes.
private final class FetchSink: NSObject, URLSessionDataDelegate, Sendable {
    struct State: Sendable {
        var written: Int64
        var outcome = AreaFetchOutcome.appended
        var failure: AreaDownloadError?
        var errorBody = Data()
        var continuation: CheckedContinuation<Result<AreaFetchOutcome, AreaDownloadError>, Never>?
    }

    private let handle: FileHandle
    private let request: AreaFetchRequest
    private let path: String
    private let progress: @Sendable (Int64) -> Void
    private let state: Locked<State>

    init(handle: FileHandle, request: AreaFetchRequest, path: String, progress: @escaping @Sendable (Int64) -> Void) {
        self.handle = handle
        self.request = request
        self.path = path
        self.progress = progress
        state = Locked(State(written: request.offset))
    }

    func start(_ request: URLRequest, continuation: CheckedContinuation<Result<AreaFetchOutcome, AreaDownloadError>, Never>) {
        state.withLock { $0.continuation = continuation }
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        session.dataTask(with: request).resume()
        session.finishTasksAndInvalidate()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(.badAnswer("not an HTTP answer"))
            completionHandler(.cancel)
            return
        }
        switch request.disposition(status: http.statusCode, contentRange: http.value(forHTTPHeaderField: "Content-Range")) {
        case .refuse(let error):
            fail(error)
            completionHandler(.cancel)
        case .append:
            completionHandler(.allow)
        case .replace:
            if request.offset > 0 {
                do {
                    try handle.truncate(atOffset: 0)
                    try handle.seek(toOffset: 0)
                } catch {
                    fail(.file(path: path, error.localizedDescription))
                    completionHandler(.cancel)
                    return
                }
                state.withLock {
                    $0.outcome = .restarted
                    $0.written = 0
                }
            }
            completionHandler(.allow)
        case .serverError(let status):
            state.withLock { $0.failure = .server(status: status, "") }
            completionHandler(.allow)  // read the error body for its message
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let failed = state.withLock { state -> Bool in
            if case .server = state.failure {
                state.errorBody.append(data.prefix(4_096 - state.errorBody.count))
                return true
            }
            return state.failure != nil
        }
        guard !failed else { return }
        do { try handle.write(contentsOf: data) } catch {
            fail(.file(path: path, error.localizedDescription))
            dataTask.cancel()
            return
        }
        let total = state.withLock { state -> Int64 in
            state.written += Int64(data.count)
            return state.written
        }
        progress(total)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        try? handle.synchronize()
        try? handle.close()
        let (continuation, result) = state.withLock { state in
            defer { state.continuation = nil }
            let result: Result<AreaFetchOutcome, AreaDownloadError>
            if case .server(let status, _) = state.failure {
                result = .failure(.server(status: status, HTTPAreaTransport.message(state.errorBody)))
            } else if let failure = state.failure {
                result = .failure(failure)
            } else if let error {
                result = .failure(.transport("the connection ended after \(state.written) bytes: \(error.localizedDescription)"))
            } else {
                result = .success(state.outcome)
            }
            return (state.continuation, result)
        }
        continuation?.resume(returning: result)
    }

    private func fail(_ error: AreaDownloadError) {
        state.withLock { state in if state.failure == nil { state.failure = error } }
    }
}

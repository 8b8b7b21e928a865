import AreaKit
import Foundation
import LociAPI
import LockedState
import OpenAPIRuntime
import OpenAPIURLSession

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

    /// `GET /v1/areas` through the client generated from the OpenAPI document.
    public func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing {
        let session = URLSession(configuration: Self.listConfiguration(timeoutSeconds: timeoutSeconds))
        defer { session.finishTasksAndInvalidate() }
        let client = Client(serverURL: baseURL, transport: URLSessionTransport(configuration: .init(session: session)))
        let query = Operations.GetV1Areas.Input.Query(near: near.map { "\($0.latitude),\($0.longitude)" })
        let output: Operations.GetV1Areas.Output
        do { output = try await client.getV1Areas(.init(query: query)) } catch {
            throw .transport("GET /v1/areas at \(baseURL.absoluteString): \(Self.reason(error))")
        }
        switch output {
        case .ok(let answer):
            do { return Self.listing(try answer.body.json) } catch { throw .badAnswer("GET /v1/areas: \(error)") }
        case .badRequest(let answer):
            throw .server(status: 400, (try? answer.body.json.message) ?? "bad request")
        case .tooManyRequests(let answer):
            throw .server(status: 429, (try? answer.body.json.message) ?? "too many requests")
        case .undocumented(let status, _):
            throw .server(status: status, "an answer the document does not describe")
        }
    }

    /// A session for the list: no cache (a list is always asked fresh), the transport's timeout.
    static func listConfiguration(timeoutSeconds: Double) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
    }

    /// What went wrong under the generated client's wrapping (`ClientError` names the operation).
    static func reason(_ error: any Error) -> String {
        if let wrapped = error as? ClientError { return wrapped.underlyingError.localizedDescription }
        return error.localizedDescription
    }

    /// The document's listing as the kit's.
    static func listing(_ wire: Components.Schemas.AreaListing) -> AreaListing {
        AreaListing(
            areas: wire.areas.map { offer in
                AreaOffer(
                    name: offer.name,
                    bounds: AreaBounds(
                        south: offer.bounds.south, west: offer.bounds.west, north: offer.bounds.north,
                        east: offer.bounds.east),
                    builtAt: offer.builtAt, distanceM: offer.distanceM,
                    files: offer.files.map { file in
                        AreaFile(
                            kind: kind(file.kind), file: file.file,
                            bytes: file.bytes, sha256: file.sha256, formatVersion: file.formatVersion,
                            builtAt: file.builtAt)
                    })
            })
    }

    /// The document's kind as the kit's.
    static func kind(_ wire: Components.Schemas.AreaKind) -> AreaKind {
        switch wire {
        case .identifyPack: .identifyPack
        case .places: .places
        }
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

import AreaDownloads
import AreaKit
import Foundation
import LockedState

/// ``AreaDownloads/AreaTransport`` whose file downloads run in a background `URLSession`, so a
/// pack keeps arriving while the app is suspended. The list of areas is small and asked in the
/// foreground (``AreaDownloads/HTTPAreaTransport``).
///
/// The resume rule is the root package's (``AreaDownloads/AreaFetchRequest/resumeHeaders`` and
/// ``AreaDownloads/AreaFetchRequest/disposition(status:contentRange:)``): each fetch asks from the
/// request's offset (the partial file's length) with `Range` and `If-Range` the build's SHA-256; a
/// 206 whose `Content-Range` starts there is appended to the partial file, a 200 replaces it (the
/// build changed), any other status fails with the server's message. Progress is the partial file's bytes so far.
/// A fetch that completes after the app was relaunched (no caller waits for it) is dropped; the
/// next download asks again from the partial file's length.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class BackgroundAreaTransport: NSObject, AreaTransport, URLSessionDownloadDelegate, Sendable {
    /// A fetch a caller waits for.
    struct Pending: Sendable {
        var request: AreaFetchRequest
        var partial: URL
        var progress: @Sendable (Int64) -> Void
        var continuation: CheckedContinuation<Result<AreaFetchOutcome, AreaDownloadError>, Never>
        var result: Result<AreaFetchOutcome, AreaDownloadError>?
    }

    /// The server.
    public let baseURL: URL
    private let listing: HTTPAreaTransport
    private let identifier: String
    private let session = Locked<URLSession?>(nil)
    private let pending = Locked<[Int: Pending]>([:])

    /// A transport to `baseURL` whose background session is called `identifier` (one per app).
    public init(baseURL: URL, identifier: String) {
        self.baseURL = baseURL
        self.identifier = identifier
        listing = HTTPAreaTransport(baseURL: baseURL)
        super.init()
    }

    private var backgroundSession: URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.sessionSendsLaunchEvents = true
            let made = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            session = made
            return made
        }
    }

    public func areas(near: AreaPoint?) async throws(AreaDownloadError) -> AreaListing {
        try await listing.areas(near: near)
    }

    public func fetch(_ request: AreaFetchRequest, appendingTo partial: URL, progress: @escaping @Sendable (Int64) -> Void)
        async throws(AreaDownloadError) -> AreaFetchOutcome
    {
        var http = URLRequest(url: baseURL.appendingPathComponent(request.path))
        for (field, value) in request.resumeHeaders { http.setValue(value, forHTTPHeaderField: field) }
        let session = backgroundSession
        let result = await withCheckedContinuation { continuation in
            let task = session.downloadTask(with: http)
            pending.withLock {
                $0[task.taskIdentifier] = Pending(request: request, partial: partial, progress: progress, continuation: continuation)
            }
            task.resume()
        }
        return try result.get()
    }

    // MARK: URLSessionDownloadDelegate

    public func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        guard let fetch = pending.withLock({ $0[downloadTask.taskIdentifier] }) else { return }
        let status = (downloadTask.response as? HTTPURLResponse)?.statusCode
        fetch.progress(status == 206 ? fetch.request.offset + totalBytesWritten : totalBytesWritten)
    }

    public func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let fetch = pending.withLock({ $0[downloadTask.taskIdentifier] }) else { return }
        let result = Self.place(location, response: downloadTask.response, for: fetch)
        pending.withLock { $0[downloadTask.taskIdentifier]?.result = result }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let fetch = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let result = fetch.result {
            fetch.continuation.resume(returning: result)
        } else {
            let reason = error?.localizedDescription ?? "no file arrived"
            fetch.continuation.resume(returning: .failure(.transport("the background download of \(fetch.request.area) ended: \(reason)")))
        }
    }

    /// Appends (206 from the offset) or moves (200) the downloaded bytes into the partial file.
    static func place(_ location: URL, response: URLResponse?, for fetch: Pending) -> Result<AreaFetchOutcome, AreaDownloadError> {
        guard let http = response as? HTTPURLResponse else { return .failure(.badAnswer("not an HTTP answer")) }
        let path = fetch.partial.path
        switch fetch.request.disposition(status: http.statusCode, contentRange: http.value(forHTTPHeaderField: "Content-Range")) {
        case .refuse(let error):
            return .failure(error)
        case .append:
            do {
                let output = try FileHandle(forWritingTo: fetch.partial)
                defer { try? output.close() }  // the write above already failed or succeeded
                try output.truncate(atOffset: UInt64(fetch.request.offset))
                try output.seekToEnd()
                let input = try FileHandle(forReadingFrom: location)
                defer { try? input.close() }  // a read-only handle: closing loses nothing
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
            } catch {
                return .failure(.file(path: path, error.localizedDescription))
            }
            return .success(.appended)
        case .replace:
            do {
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(at: fetch.partial) }
                try FileManager.default.moveItem(at: location, to: fetch.partial)
            } catch {
                return .failure(.file(path: path, error.localizedDescription))
            }
            return .success(fetch.request.offset > 0 ? .restarted : .appended)
        case .serverError(let status):
            // The status alone still names the failure when the body cannot be read.
            let body = (try? Data(contentsOf: location)) ?? Data()
            return .failure(.server(status: status, HTTPAreaTransport.message(body)))
        }
    }
}

import Hummingbird
import Synchronization

/// The time a request's whole body may take to arrive, counted from its head
/// (``ServerConfiguration/bodyTimeoutSeconds``): a body still arriving then ends the request with
/// 408 `deadline_exceeded` (``APIError/bodyTimeout(_:)``), and ``BodyLimitMiddleware`` closes the
/// connection instead of reading the rest.
///
/// A budget for the whole body, not a gap between chunks: a body that stops arriving is already
/// closed by the idle timeout, and a client that trickles a byte inside every gap would pass any
/// per-chunk timer. The body is wrapped (``wrap(_:)``) so the timer knows whether a read is
/// waiting; when the budget ends with none waiting, the next read throws at once, so a handler
/// busy with a body it has finished reading is never interrupted by this timer.
final class BodyTimer: Sendable {
    private struct State {
        /// A read is waiting for the next chunk.
        var waiting = false
        /// The body has ended: the timer has nothing left to watch.
        var finished = false
        /// The budget has run out.
        var expired = false
    }

    private let state = Mutex(State())
    /// The budget, seconds.
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    /// Whether `request` declares a body (a `Content-Length` above 0 or a `Transfer-Encoding`).
    static func hasBody(_ request: Request) -> Bool {
        if request.headers[.transferEncoding] != nil { return true }
        guard let length = request.headers[.contentLength] else { return false }
        return length.trimmingCharacters(in: .whitespaces) != "0"
    }

    /// `body`, read through this timer.
    func wrap(_ body: RequestBody) -> RequestBody {
        RequestBody(asyncSequence: TimedBody(base: body, timer: self))
    }

    /// Marks the budget spent; true when a read is waiting on the body (the request must then
    /// be stopped: it cannot make progress without the body).
    func expire() -> Bool {
        state.withLock { state in
            guard !state.finished else { return false }
            state.expired = true
            return state.waiting
        }
    }

    /// Before a read: throws ``APIError/bodyTimeout(_:)`` once the budget is spent.
    fileprivate func startRead() throws(APIError) {
        let expired = state.withLock { state in
            if !state.expired { state.waiting = true }
            return state.expired
        }
        if expired { throw APIError.bodyTimeout(seconds) }
    }

    /// After a read: `ended` when the body has no more chunks.
    fileprivate func endRead(ended: Bool) {
        state.withLock { state in
            state.waiting = false
            if ended { state.finished = true }
        }
    }
}

/// A request body whose reads report to a ``BodyTimer``.
private struct TimedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let timer: BodyTimer

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let timer: BodyTimer

        mutating func next() async throws -> ByteBuffer? {
            try timer.startRead()
            do {
                let chunk = try await base.next()
                timer.endRead(ended: chunk == nil)
                return chunk
            } catch {
                timer.endRead(ended: true)
                throw error
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), timer: timer) }
}

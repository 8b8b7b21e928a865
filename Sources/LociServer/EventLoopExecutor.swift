import NIOCore
import NIOPosix

/// Runs request handlers on the event loop thread that woke them instead of on Swift's
/// cooperative pool.
///
/// Hummingbird reads a request on a connection's event loop thread and resumes the
/// connection's task, which by default runs on the cooperative pool; the response then hops
/// back to the event loop to be written. At a steady trickle of requests (a real ingest load)
/// every hop is a thread wake-up and a context switch, which a profile showed to be most of a
/// request's CPU. A task that prefers this executor continues on the event loop thread that
/// enqueued it (the connection's own, when the wake-up came from its read), so reading,
/// handling and writing stay on one thread. Jobs enqueued from elsewhere (a Dispatch worker
/// finishing a blocking store read, a timer) go to the group's next loop. Blocking work still
/// belongs on ``BlockingWorkExecutor``; the loops are as many as the cooperative pool's threads,
/// so handlers keep the same parallelism.
@available(macOS 15.0, iOS 18.0, *)
final class EventLoopExecutor: TaskExecutor {
    let group: MultiThreadedEventLoopGroup

    init(group: MultiThreadedEventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? group.next()
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Where request handlers run (`LOCI_HANDLERS`): on the event loops (the default) or on the
/// cooperative pool (Hummingbird's default, kept for comparison).
public enum HandlerThreads: String, Sendable, CaseIterable {
    case eventLoop = "event-loop"
    case cooperativePool = "pool"
}

/// Runs `body` (the server) with its tasks preferring the event-loop executor when
/// `threads` says so; child tasks (one per connection) inherit the preference. `group` must be
/// the application's event loop group (``buildApplication(_:onRunning:)`` uses the singleton).
public func withHandlerThreads<T: Sendable>(
    _ threads: HandlerThreads, group: MultiThreadedEventLoopGroup = .singleton, _ body: () async throws -> T
) async throws -> T {
    if threads == .eventLoop, #available(macOS 15.0, iOS 18.0, *) {
        return try await withTaskExecutorPreference(EventLoopExecutor(group: group)) { try await body() }
    }
    return try await body()
}

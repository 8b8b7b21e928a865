import Dispatch

/// Runs `body` on Dispatch's worker threads and awaits it: the server's one way of running
/// blocking work (SQLite reads, identification) off the threads that run request handlers.
///
/// Handlers run where Hummingbird puts them: on Swift's cooperative pool, which has one thread
/// per core and is shared by every request's async code. Work that blocks its thread (a
/// synchronous store read, even inside an `async` function such as the place store's search)
/// would hold one of those few threads and stall every other request behind it. Under a task
/// executor preference the whole body, synchronous parts and nonisolated async calls alike,
/// runs on ``BlockingWorkExecutor``, whose Dispatch workers may block (Dispatch adds threads
/// when they do); the caller resumes on the pool when it finishes. One model, so there is no
/// second executor for handlers and no choice to configure.
func onBlockingExecutor<T: Sendable, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
    if #available(macOS 15.0, iOS 18.0, *) {
        return try await withTaskExecutorPreference(BlockingWorkExecutor.shared, operation: body)
    }
    return try await body()
}

/// A task executor on a concurrent Dispatch queue: jobs run on Dispatch's worker threads, never
/// on the cooperative pool. The tests also run their in-process servers on it, so test bodies
/// that compute without suspending cannot starve them.
@available(macOS 15.0, iOS 18.0, *)
public final class BlockingWorkExecutor: TaskExecutor {
    /// The one instance.
    public static let shared = BlockingWorkExecutor()
    private let queue = DispatchQueue(
        label: "loci.server.blocking", qos: .userInitiated, attributes: .concurrent)

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

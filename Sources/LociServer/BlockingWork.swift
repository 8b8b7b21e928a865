import Dispatch

/// Runs synchronous, CPU- or disk-bound `work` (SQLite reads, identification) on Dispatch's
/// worker threads and awaits it, so it does not occupy one of the few cooperative threads that
/// every request's async code shares.
func offEventLoop<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(returning: Result { () throws(E) -> T in try work() })
        }
    }
    return try result.get()
}

/// Runs `body` with its nonisolated async code (the place store's search, which reads SQLite
/// synchronously inside an `async` function) on ``BlockingWorkExecutor`` rather than on the
/// cooperative pool, whose threads (one per core) also run every other request's handler.
func onBlockingExecutor<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    if #available(macOS 15.0, iOS 18.0, *) {
        return try await withTaskExecutorPreference(BlockingWorkExecutor.shared) { try await body() }
    }
    return try await body()
}

/// A task executor on a concurrent Dispatch queue: jobs run on Dispatch's worker threads.
@available(macOS 15.0, iOS 18.0, *)
final class BlockingWorkExecutor: TaskExecutor {
    static let shared = BlockingWorkExecutor()
    private let queue = DispatchQueue(
        label: "loci.server.blocking", qos: .userInitiated, attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

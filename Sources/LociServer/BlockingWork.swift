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

import TidepoolStorage

extension TidepoolEngine {
    /// Stores this node's counts of every past epoch counted into since its last flush: the
    /// whole of each epoch's counts, under ``instance``, replacing the previous flush. A flush
    /// whose write committed but whose reply was lost is retried on the next tick and stores the
    /// same rows again (plus any report counted since), so the closer sums each report once.
    /// - Returns: the epochs flushed, oldest first.
    /// - Throws: the store's error; the epoch that failed and the later ones stay due.
    func flush(before epoch: Int64) async throws -> [Int64] {
        let due = state.withLock { state in
            let due = state.unflushed.filter { $0 < epoch }.sorted()
            state.unflushed.subtract(due)
            return due.map { (epoch: $0, counts: state.counted[$0] ?? [:], facets: state.countedFacets[$0] ?? [:]) }
        }
        for (index, batch) in due.enumerated() {
            do {
                try await store.storePartialCounts(
                    epoch: batch.epoch, node: instance, counts: batch.counts, facets: batch.facets)
            } catch {
                state.withLock { $0.unflushed.formUnion(due[index...].map(\.epoch)) }
                throw error
            }
        }
        return due.map(\.epoch)
    }
}

extension EngineState {
    /// Forgets the counts of epochs up to `epoch` (handled: closed by this node or another).
    mutating func forgetCounts(through epoch: Int64) {
        counted = counted.filter { $0.key > epoch }
        countedFacets = countedFacets.filter { $0.key > epoch }
        unflushed = unflushed.filter { $0 > epoch }
    }
}

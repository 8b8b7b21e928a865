import Dispatch
import Foundation

/// Decodes blobs on a bounded number of concurrent workers and hands results back in file order.
///
/// The caller's thread submits raw blobs (at most ``window`` undelivered at once, so memory stays
/// bounded) and waits for the next index in order; workers only decode and post results.
/// All mutable state is guarded by `condition`.
///
/// - Complexity: O(1) bookkeeping per blob.
final class PBFDecodePipeline: @unchecked Sendable {
    /// Maximum number of submitted but undelivered blocks, ≥ 1.
    let window: Int
    private let condition = NSCondition()
    private var results: [Int: Result<OSMBlock, OSMError>] = [:]
    private var cancelled = false
    private var submitted = 0
    private var finished = 0
    private let queue = DispatchQueue.global(qos: .userInitiated)

    /// A pipeline letting `window` blocks be in flight.
    init(window: Int) {
        self.window = max(1, window)
    }

    /// Starts decoding `raw` as data block `index` on a worker.
    func submit(_ raw: PBFRawBlob, index: Int) {
        condition.lock()
        submitted += 1
        condition.unlock()
        queue.async { [self] in
            condition.lock()
            let skip = cancelled
            condition.unlock()
            let result: Result<OSMBlock, OSMError>
            if skip {
                result = .failure(raw.failure(.io("cancelled")))
            } else {
                do throws(OSMError) {
                    result = .success(try PrimitiveBlockDecoder.decode(raw, index: index))
                } catch {
                    result = .failure(error)
                }
            }
            condition.lock()
            results[index] = result
            finished += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Blocks until data block `index` is decoded, then returns (and forgets) its result.
    func take(_ index: Int) -> Result<OSMBlock, OSMError> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = results.removeValue(forKey: index) { return result }
            condition.wait()
        }
    }

    /// Tells pending workers to skip decoding and waits until every submitted job has finished.
    func cancelAndDrain() {
        condition.lock()
        cancelled = true
        while finished < submitted { condition.wait() }
        results.removeAll()
        condition.unlock()
    }
}

import Dispatch
import LockedState
import Testing

@Suite("A locked value")
struct LockedTests {
    @Test("concurrent increments are never lost")
    func concurrentIncrements() {
        let counter = Locked(0)
        // 8 workers x 10,000 read-modify-writes: an unlocked counter loses updates here.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    enum Refusal: Error, Equatable { case tooLarge(Int) }

    @Test("a typed error from the body reaches the caller and the lock is released")
    func typedThrows() throws {
        let value = Locked(5)
        #expect(throws: Refusal.tooLarge(5)) {
            try value.withLock { (state: inout Int) throws(Refusal) in
                if state > 3 { throw .tooLarge(state) }
                state += 1
            }
        }
        // Released after the throw: this would deadlock otherwise.
        value.withLock { $0 = 1 }
        #expect(value.withLock { $0 } == 1)
    }
}

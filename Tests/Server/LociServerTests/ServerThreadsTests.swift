import Dispatch
import Foundation
import Synchronization
import Testing

/// The servers tests run on loopback answer on threads of their own, so test bodies that compute
/// without suspending cannot starve them (`LoopbackServer.run`).
@Suite("Loopback test servers do not share the cooperative pool")
struct ServerThreadsTests {
    @Test("a loopback server answers /health while every cooperative thread is held busy")
    func answersWhilePoolIsBusy() async throws {
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        let connection = try RawHTTP.RawConnection(port: try #require(try server.baseURL.port))
        // 0 waiting, else the answer's status (or -1 when the socket's 30 s passed without one).
        let status = Status()
        let asked = DispatchSemaphore(value: 0)
        // Asked and read on a Dispatch thread: nothing on this side needs the pool.
        DispatchQueue.global().async {
            asked.wait()
            let answer = (try? connection.send(RawHTTP.health)).flatMap { try? connection.readBlocking(answers: 1).first }
            status.value.store(answer?.status ?? -1, ordering: .releasing)
        }
        // One spinning task per core fills the pool until the answer arrives.
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<ProcessInfo.processInfo.activeProcessorCount {
                group.addTask {
                    if index == 0 { asked.signal() }
                    while status.value.load(ordering: .acquiring) == 0 {}
                }
            }
        }
        #expect(status.value.load(ordering: .acquiring) == 200)
    }

    /// The answer's status, shared with the threads that spin on it.
    final class Status: Sendable {
        let value = Atomic<Int>(0)
    }
}

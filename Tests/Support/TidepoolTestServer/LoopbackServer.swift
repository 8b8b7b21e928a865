import Foundation
import HeatAggregation
import LociServer

/// What every in-process `loci serve` of the tests shares: a configuration in a fresh temporary
/// folder on an ephemeral port, and the application run until its port is bound.
public enum LoopbackServer {
    /// A configuration whose data directory is a new temporary folder named `prefix-UUID`, on
    /// port 0 (the system picks one), with `epochSeconds` epochs and no registration limit
    /// (tests register many devices from one address; the limit has its own tests).
    public static func configuration(prefix: String, epochSeconds: Int64) throws -> ServerConfiguration {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = ServerConfiguration(dataDirectory: folder)
        configuration.port = 0
        configuration.epochSeconds = epochSeconds
        // The tests' 15-minute servers are the partition-selection configuration: 8 of 96 epochs.
        configuration.dailyEpochs = HeatConfiguration.partitionSelectionDailyEpochCap
        configuration.registrationsPerMinute = 1e9
        // A loaded full run can starve a test's task past the 30 s defaults between opening a
        // connection and sending on it, or a request past its deadline (counted from the head);
        // the tests about the idle timeout and the deadline set their own.
        configuration.requestDeadlineSeconds = 3_600
        configuration.idleTimeoutSeconds = 3_600
        configuration.bodyTimeoutSeconds = 3_600
        configuration.headerTimeoutSeconds = 3_600
        return configuration
    }

    /// Runs the application `loci serve` runs over `services` and returns once it listens: its
    /// base URL and the task to cancel to stop it.
    ///
    /// The application runs under a task executor preference for `BlockingWorkExecutor`: its
    /// connections' tasks and handlers run on Dispatch threads of their own, not on Swift's
    /// cooperative pool, which in a test process is shared with every other test's body. A
    /// full parallel run has bodies that compute for tens of seconds without suspending; two of
    /// them fill a two-core pool, and a server on the same pool then answers nothing until they
    /// end (seen as a raw socket's 10–30 s of silence). In `loci serve` the pool is the server's.
    public static func run(_ services: ServerServices) async throws -> (baseURL: URL, task: Task<Void, any Error>) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task(executorPreference: BlockingWorkExecutor.shared) {
            try await buildApplication(services) { port in continuation.yield(port) }
                .runService(gracefulShutdownSignals: [])
        }
        var port = 0
        for await bound in ports {
            port = bound
            break
        }
        guard port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        return (url, task)
    }
}

import Foundation

/// Runs the built `loci` executable as a user would, capturing its output and exit status.
struct LociProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output parsed as a JSON object.
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
            else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }
    }

    /// The `loci` binary beside the test bundle (SwiftPM builds every product before tests).
    static var executable: URL {
        let directory =
            Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
        return directory.appendingPathComponent("loci")
    }

    static func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    /// Runs with `environment` set on top of (or, for nil values, removed from) this process's environment.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
        }
        let out = Pipe()
        process.standardOutput = out
        // Standard error goes to a file, so neither stream can fill up and block the child.
        let errURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("loci-test-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardError = errHandle
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errHandle.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

extension LociProcess {
    /// Runs like ``run(_:environment:)`` but stops the child after `timeout` seconds, so a command
    /// that wrongly accepts a value (a server that starts, a long benchmark) cannot hang the test.
    /// Returns nil when the child had to be stopped.
    static func run(_ arguments: [String], environment: [String: String?], timeout: TimeInterval) throws -> Result? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        // Both streams go to files, so neither can fill up and block the child.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("loci-test-\(UUID().uuidString)")
        let outURL = base.appendingPathExtension("out")
        let errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            process.terminate()
            finished.wait()
        }
        try outHandle.close()
        try errHandle.close()
        if timedOut { return nil }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

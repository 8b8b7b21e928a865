import Foundation

/// Parses every Swift file under `Apps/` with `swiftc -parse`: syntax only, not a build.
///
/// Linux has no Apple SDK, so this proves only that the files are well-formed Swift; whether
/// they type-check against SwiftUI or PhotoKit is known only once a Mac has built them.
public enum SyntaxCheck {
    /// What the check is, in the words its output uses.
    public static let scope = "syntax only (swiftc -parse), not a build"

    /// The syntax errors in the Swift files under `Apps/`, one violation per error.
    ///
    /// - Parameter compiler: the `swiftc` to run; by default `$SWIFTC` or the first on `PATH`.
    /// - Throws: ``AppLayerCheckError`` when no compiler can be started.
    public static func check(
        _ tree: CheckedTree, compiler: URL? = nil
    ) throws(AppLayerCheckError) -> [AppLayerViolation] {
        let files = tree.files(under: "Apps", suffix: ".swift")
        guard !files.isEmpty else { return [] }
        let swiftc: URL
        if let compiler { swiftc = compiler } else { swiftc = try locateCompiler() }
        let (status, output) = try run(swiftc, arguments: ["-parse"] + files, in: tree.root)
        let found = errors(in: output, files: Set(files))
        if status != 0 && found.isEmpty {
            let first = output.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
            return [
                AppLayerViolation(rule: .swiftSyntax, file: "Apps", message: "swiftc -parse failed: \(first)")
            ]
        }
        return found
    }

    /// The `error:` diagnostics in swiftc's output that name one of `files`.
    static func errors(in output: String, files: Set<String>) -> [AppLayerViolation] {
        output.split(separator: "\n").compactMap { line -> AppLayerViolation? in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":")
            guard location.count >= 2, let file = location.first.map(String.init), files.contains(file),
                let number = Int(location[1])
            else { return nil }
            let message = line[marker.upperBound...]
            return AppLayerViolation(
                rule: .swiftSyntax, file: file, line: number, message: "does not parse (\(scope)): \(message)"
            )
        }
    }

    /// `$SWIFTC`, else the first `swiftc` on `PATH`.
    static func locateCompiler() throws(AppLayerCheckError) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw AppLayerCheckError(.toolUnavailable("no swiftc on PATH and SWIFTC unset"), path: "swiftc")
    }

    private static func run(
        _ tool: URL, arguments: [String], in folder: URL
    ) throws(AppLayerCheckError) -> (Int32, String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw AppLayerCheckError(.toolUnavailable(String(describing: error)), path: tool.path)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

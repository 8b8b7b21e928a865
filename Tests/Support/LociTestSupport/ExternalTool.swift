import Foundation

/// Programs some tests run (xmllint, gpsbabel, chromium). CI installs them (`.ci/run`) and a
/// test that needs one fails there when it is missing; on a developer's machine without it the
/// test is skipped with a message saying what to install, so `scripts/test` works on a fresh
/// machine with only the README's packages.
public enum ExternalTool {
    /// Whether this run is CI (`CI=true`), where every tool must be present.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The first executable called `name` on `PATH` (or an absolute path that exists).
    public static func path(_ name: String) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether a test needing one of `names` should run: one is installed, or this is CI (where
    /// its absence must fail the test).
    public static func shouldRun(_ names: String...) -> Bool {
        isCI || names.contains { path($0) != nil }
    }

    /// The skip message for a missing tool.
    public static func missingMessage(_ name: String, package: String) -> String {
        "\(name) is not installed (apt-get install \(package)); CI installs it and runs this test"
    }
}

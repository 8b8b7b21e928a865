import Foundation
import Testing

/// `scripts/typecheck-ios` on a small package whose app target holds three mistakes a Mac build
/// would reject. Needs an iPhoneOS SDK (docs/apps.md); without one the test is skipped.
@Suite("The iOS type-check")
struct IOSTypecheckTests {
    /// What one run printed, and how it ended.
    struct Run {
        let status: Int32
        let output: String
    }

    /// The repository's root: the folder above this file that holds `scripts/typecheck-ios`.
    static func repositoryRoot() -> URL? {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("scripts/typecheck-ios").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs the script on a copy of the fixture (outside any git work tree).
    static func check(fixture: String) throws -> Run {
        let root = try #require(repositoryRoot())
        let source = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent(fixture)
        // One fixed folder, so the script's scratch folder (named after the checkout's path) is reused.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("loci-ios-typecheck-\(fixture)")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: source, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/typecheck-ios")
        process.arguments = ["--checkout", copy.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output)
    }

    @Test("a misspelled MapKit member, iOS 18 API without #available and a value sent then used are each reported at their line")
    func brokenFixtureFails() throws {
        let run = try Self.check(fixture: "ios-typecheck")
        if run.status == 3 {
            // No SDK on this machine: scripts/test says so too ("skipped: no iPhoneOS SDK").
            print("IOSTypecheckTests skipped: no iPhoneOS SDK (docs/apps.md)")
            return
        }
        #expect(run.status == 1, "\(run.output)")
        let broken = "Apps/Sources/LociUI/Broken.swift"
        #expect(run.output.contains("\(broken):6:"), "misspelled member:\n\(run.output)")
        #expect(run.output.contains("showsUserLocaton"), "\(run.output)")
        #expect(run.output.contains("\(broken):10:"), "iOS 18 only:\n\(run.output)")
        #expect(run.output.contains("only available in iOS 18"), "\(run.output)")
        #expect(run.output.contains("Apps/Sources/FixtureLive/SentThenUsed.swift:6:"), "sent across actors:\n\(run.output)")
        #expect(run.output.contains("risks causing data races"), "\(run.output)")
        #expect(run.output.contains("[LociUI] error:") && run.output.contains("[FixtureLive] error:"), "diagnostics name their target:\n\(run.output)")
    }
}

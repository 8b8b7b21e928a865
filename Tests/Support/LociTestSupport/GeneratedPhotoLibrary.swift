import Foundation

/// The generated 10,000-photo year of `scripts/make-photo-library` (real photos from the shared
/// folder with rewritten times and positions), made once per test process in a temporary folder
/// (the script rewrites only what differs, so a later process reuses most of it).
public enum GeneratedPhotoLibrary {
    /// The library's folder, or why it could not be made.
    public static let tenThousand: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-photo-library-10k")
        let script = Repository.file("scripts/make-photo-library")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path, "--count", "10000"]
        var environment = ProcessInfo.processInfo.environment
        environment["LOCI_SHARED_DATA"] = SharedData.root.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GeneratedPhotoLibraryError(status: process.terminationStatus)
        }
        return folder
    }
}

/// `scripts/make-photo-library` failed.
public struct GeneratedPhotoLibraryError: Error, CustomStringConvertible {
    /// The script's exit status.
    public var status: Int32

    /// One line.
    public var description: String { "scripts/make-photo-library exited \(status)" }
}

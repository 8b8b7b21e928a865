import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file steps of an atomic build: sync and rename into place, and remove leftovers.
enum PackFiles {
    /// Syncs `temporary`, renames it over `output` and syncs the folder.
    static func publish(_ temporary: String, as output: String) throws(PackBuildError) {
        try sync(temporary, output: output)
        guard rename(temporary, output) == 0 else { throw .write(path: output, "rename: \(errnoText())") }
        try? sync(URL(fileURLWithPath: output).deletingLastPathComponent().path, output: output)
    }

    /// Deletes `path` and any SQLite journal beside it (missing files are fine).
    static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    private static func sync(_ path: String, output: String) throws(PackBuildError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .write(path: output, "open \(path): \(errnoText())") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .write(path: output, "fsync \(path): \(errnoText())") }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

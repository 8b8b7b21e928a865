import WrappedKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file found by a folder walk: where it is and what `stat` said.
public struct FolderFile: Sendable, Equatable {
    /// Path relative to the walked root, `/`-separated (the asset id).
    public var relativePath: String
    /// Full path.
    public var path: String
    /// Size in bytes.
    public var size: Int64
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
}

/// Recursive listing of photo files under a folder.
///
/// Symbolic links are followed (to files and folders), but every folder is entered at most once
/// — identified by device and inode — so a link loop ends instead of hanging. Hidden entries
/// (`.name`) are skipped; files are kept when their extension is one of ``extensions``
/// (case-insensitive). Unreadable folders and dangling links become ``ScanIssue``s.
enum FolderWalk {
    /// Extensions of the formats the metadata reader understands.
    static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "tif", "tiff", "heic", "heif", "hif"]

    static func files(under root: String) -> (files: [FolderFile], issues: [ScanIssue])? {
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        var files: [FolderFile] = []
        var issues: [ScanIssue] = []
        var visited: Set<[UInt64]> = [[UInt64(info.st_dev), UInt64(info.st_ino)]]
        var pending: [(path: String, relative: String)] = [(root, "")]
        while let (folder, relative) = pending.popLast() {
            guard let handle = opendir(folder) else {
                issues.append(ScanIssue(path: folder, message: "cannot open folder: \(String(cString: strerror(errno)))"))
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                var child = stat()
                guard stat(path, &child) == 0 else {
                    issues.append(ScanIssue(path: path, message: "cannot read: \(String(cString: strerror(errno)))"))
                    continue
                }
                switch child.st_mode & S_IFMT {
                case S_IFDIR:
                    if visited.insert([UInt64(child.st_dev), UInt64(child.st_ino)]).inserted {
                        pending.append((path, childRelative))
                    }
                case S_IFREG:
                    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
                    guard name.contains("."), extensions.contains(ext) else { continue }
                    files.append(
                        FolderFile(
                            relativePath: childRelative, path: path, size: Int64(child.st_size),
                            modified: modificationNanoseconds(child)))
                default:
                    continue
                }
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return (files, issues)
    }

    private static func modificationNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

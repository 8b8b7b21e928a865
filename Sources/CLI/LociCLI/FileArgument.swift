import Foundation

/// Checks of a path given on the command line, made before a library opens it, so a refusal
/// names the option and the path and says what was expected instead of what SQLite or
/// Foundation said (`SQLite error 14`, `The operation could not be completed`). `option` is nil for
/// a positional argument, whose message starts with the path alone.
enum FileArgument {
    /// A file that is read: it must exist and not be a folder.
    static func readable(_ path: String, option: String?, expected: String = "a file") throws {
        switch kind(of: path) {
        case .missing: throw InputError("\(label(option, path)): no such file; expected \(expected)")
        case .folder: throw InputError("\(label(option, path)): is a folder; expected \(expected)")
        case .file: return
        }
    }

    /// A folder that is read: it must exist and be a folder.
    static func readableFolder(_ path: String, option: String?) throws {
        switch kind(of: path) {
        case .missing: throw InputError("\(label(option, path)): no such folder")
        case .file: throw InputError("\(label(option, path)): is a file, not a folder")
        case .folder: return
        }
    }

    /// A database (or state) file opened, or created when missing: not a folder, and creatable where it is.
    static func database(_ path: String, option: String?, expected: String = "a database file") throws {
        switch kind(of: path) {
        case .folder: throw InputError("\(label(option, path)): is a folder; expected \(expected)")
        case .file: return
        case .missing: try creatable(path, option: option)
        }
    }

    /// A file that is written: not a folder, and its folder exists or can be made.
    static func writable(_ path: String, option: String?) throws {
        if kind(of: path) == .folder { throw InputError("\(label(option, path)): is a folder; expected a file name") }
        try creatable(path, option: option)
    }

    /// A folder that is written into: a folder, or a path where one can be made.
    static func writableFolder(_ path: String, option: String?) throws {
        switch kind(of: path) {
        case .folder: return
        case .file: throw InputError("\(label(option, path)): is a file, not a folder")
        case .missing: try creatable(path, option: option)
        }
    }

    /// `--db PATH` for an option, the path alone for a positional argument.
    private static func label(_ option: String?, _ path: String) -> String {
        option.map { "\($0) \(path)" } ?? path
    }

    private enum Kind { case missing, file, folder }

    private static func kind(of path: String) -> Kind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        return isFolder.boolValue ? .folder : .file
    }

    /// Refuses a missing path whose nearest existing ancestor is a file (nothing can be made there).
    private static func creatable(_ path: String, option: String?) throws {
        var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
        while kind(of: ancestor.path) == .missing, ancestor.path != "/" {
            ancestor.deleteLastPathComponent()
        }
        if kind(of: ancestor.path) == .file {
            throw InputError("\(label(option, path)): cannot create it: \(ancestor.path) is a file, not a folder")
        }
    }
}

import Foundation

/// Why an app could not open the database it keeps on the phone, and what a person can do.
public struct LocalStoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, by what fixes it.
    public enum Kind: Sendable, Equatable {
        /// The file is there but does not open (damaged, or from another version): trying again
        /// will not help; resetting (after the person confirms) sets it aside and starts empty.
        case unreadable
        /// No file could be made (the phone is out of space, or the folder cannot be written):
        /// free space, then try again. Nothing is lost.
        case cannotCreate
    }

    /// Which of the two.
    public let kind: Kind
    /// The database file.
    public let path: String
    /// The store's own error, for support.
    public let detail: String

    /// A failure of `kind` at `path`.
    public init(kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// Whether a reset can help: only an unreadable file is set aside.
    public var canReset: Bool { kind == .unreadable }

    /// The file's name and the store's error.
    public var description: String { "\((path as NSString).lastPathComponent): \(detail)" }
}

/// Opens an app's local database at launch without ever deleting or replacing what is there
/// unless the person has confirmed a reset.
///
/// Before this, a file that would not open was moved aside silently and the app started empty
/// (the person's trips or places gone without a word), and a full disk gave an in-memory
/// database whose changes vanished on quit. Now the app shows the failure (`LaunchFailureView`):
/// Try again, free space, or (for an unreadable file, after a confirmation) reset.
public enum LocalStoreRecovery {
    /// The store at `path`, opened by `open`; nothing on disk is moved or removed.
    ///
    /// - Throws: ``LocalStoreFailure`` (`.unreadable` when a file was there, else `.cannotCreate`).
    public static func open<Store>(
        at path: String, with open: (String) throws -> Store
    ) throws(LocalStoreFailure) -> Store {
        let existed = FileManager.default.fileExists(atPath: path)
        do {
            return try open(path)
        } catch {
            throw LocalStoreFailure(
                kind: existed ? .unreadable : .cannotCreate, path: path, detail: String(describing: error))
        }
    }

    /// After the person confirmed a reset: sets the file at `path` and its SQLite companions
    /// (`-wal`, `-shm`, `-journal`) aside as `NAME.unreadable-YYYYMMDDTHHMMSSZ` beside it (kept
    /// for support, never deleted), then opens a new, empty store.
    ///
    /// - Returns: the new store and the path the old file was moved to (`nil` when there was none).
    /// - Throws: ``LocalStoreFailure`` `.cannotCreate` when the file cannot be moved or the new
    ///   store cannot be made; the old file is then where it was, or already aside.
    public static func resetAndOpen<Store>(
        at path: String, now: Date = Date(), with open: (String) throws -> Store
    ) throws(LocalStoreFailure) -> (store: Store, setAside: String?) {
        let manager = FileManager.default
        var setAside: String?
        if manager.fileExists(atPath: path) {
            let aside = path + ".unreadable-" + stamp(now)
            do {
                try manager.moveItem(atPath: path, toPath: aside)
            } catch {
                throw LocalStoreFailure(kind: .cannotCreate, path: path, detail: "could not set the file aside: \(error.localizedDescription)")
            }
            setAside = aside
            for suffix in ["-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + suffix) {
                // A companion left behind would be applied to the new, empty database.
                do {
                    try manager.moveItem(atPath: path + suffix, toPath: aside + suffix)
                } catch {
                    throw LocalStoreFailure(kind: .cannotCreate, path: path + suffix, detail: "could not set the file aside: \(error.localizedDescription)")
                }
            }
        }
        let store = try self.open(at: path, with: open)
        return (store, setAside)
    }

    /// `20261129T070512Z`: sortable, no characters a file system refuses.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}

import Foundation

/// A ``FavouriteQueue`` in a JSON file (the app's container), so changes made offline survive
/// the app being closed.
///
/// Every change rewrites the whole file atomically (a temporary file renamed over the old one),
/// so a crash leaves the previous queue or the new one, never half of one. A file that exists
/// but is not a queue is an error naming it, and it is left as it is: nothing is appended to or
/// dropped from a queue this actor cannot read, so no change is silently lost.
public actor FileFavouriteQueue: FavouriteQueue {
    /// The file.
    public let url: URL

    /// A queue kept at `url` (created on the first change; a missing file is an empty queue).
    public init(url: URL) { self.url = url }

    /// The waiting changes, oldest first.
    /// - Throws: ``FavouriteQueueError`` when the file cannot be read or is not a queue.
    public func pending() throws(FavouriteQueueError) -> [FavouriteChange] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FavouriteQueueError(path: url.path, operation: .read, reason: error.localizedDescription)
        }
        do { return try JSONDecoder().decode(QueueFile.self, from: data).changes } catch {
            throw FavouriteQueueError(
                path: url.path, operation: .read, reason: "not a favourites queue: \(error)")
        }
    }

    /// Appends a change at the end (read, append, write back).
    public func append(_ change: FavouriteChange) throws(FavouriteQueueError) {
        try write(pending() + [change])
    }

    /// Removes the oldest change.
    public func removeFirst() throws(FavouriteQueueError) {
        var changes = try pending()
        guard !changes.isEmpty else { return }
        changes.removeFirst()
        try write(changes)
    }

    /// Removes every change and the file (the device was deleted); a damaged file is removed too.
    public func clear() throws(FavouriteQueueError) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do { try FileManager.default.removeItem(at: url) } catch {
            throw FavouriteQueueError(path: url.path, operation: .clear, reason: error.localizedDescription)
        }
    }

    private func write(_ changes: [FavouriteChange]) throws(FavouriteQueueError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(QueueFile(version: QueueFile.currentVersion, changes: changes))
                .write(to: url, options: .atomic)
        } catch {
            throw FavouriteQueueError(path: url.path, operation: .write, reason: error.localizedDescription)
        }
    }

    /// The file's shape: a version, so a later format can be told apart, and the changes.
    struct QueueFile: Codable {
        static let currentVersion = 1
        var version: Int
        var changes: [FavouriteChange]
    }
}

/// Why a ``FileFavouriteQueue`` could not read or write its file: the file, the operation and
/// the reason in one line.
public struct FavouriteQueueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the queue was doing.
    public enum Operation: String, Sendable {
        /// Reading the queue.
        case read
        /// Writing the queue.
        case write
        /// Removing the file.
        case clear
    }

    /// The queue's file.
    public var path: String
    /// What failed.
    public var operation: Operation
    /// Why.
    public var reason: String

    /// An error for `operation` on `path`.
    public init(path: String, operation: Operation, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// "favourites queue PATH: cannot read: reason".
    public var description: String { "favourites queue \(path): cannot \(operation.rawValue): \(reason)" }
}

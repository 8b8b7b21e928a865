import Foundation
import LockedState

/// What the tracking engine persists between launches: the planner's state and the regions it
/// last asked the OS to monitor.
public struct TrackingSnapshot: Sendable, Equatable, Codable {
    /// The planner's state.
    public var planner: PlannerState
    /// The regions last planned (what the monitor should hold under Always permission).
    public var regions: [MonitoredRegion]

    /// Creates a snapshot.
    public init(planner: PlannerState = PlannerState(), regions: [MonitoredRegion] = []) {
        self.planner = planner
        self.regions = regions
    }
}

/// Why a snapshot could not be read or written.
public struct TrackingSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, or `memory`.
    public var location: String
    /// What failed.
    public var message: String

    /// Creates an error.
    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// One line.
    public var description: String { "tracking snapshot \(location): \(message)" }
}

/// Keeps the ``TrackingSnapshot`` across launches.
public protocol TrackingSnapshotStore: Sendable {
    /// The last snapshot saved, or `nil` on a fresh install.
    func load() throws(TrackingSnapshotError) -> TrackingSnapshot?
    /// Saves `snapshot`, replacing the last.
    func save(_ snapshot: TrackingSnapshot) throws(TrackingSnapshotError)
}

/// A ``TrackingSnapshotStore`` in memory (one instance shared by two models = a relaunch).
public final class InMemoryTrackingSnapshotStore: TrackingSnapshotStore {
    private let value = Locked<TrackingSnapshot?>(nil)

    /// An empty store.
    public init() {}

    /// The saved snapshot.
    public func load() throws(TrackingSnapshotError) -> TrackingSnapshot? { value.withLock { $0 } }

    /// Saves.
    public func save(_ snapshot: TrackingSnapshot) throws(TrackingSnapshotError) { value.withLock { $0 = snapshot } }
}

/// A ``TrackingSnapshotStore`` as one JSON file, written atomically.
public struct FileTrackingSnapshotStore: TrackingSnapshotStore {
    /// The file.
    public let url: URL

    /// A store at `url` (created on the first save).
    public init(url: URL) { self.url = url }

    /// The planner state holds infinities (``PlannerState/lastSweep`` starts at -∞): JSON spells them as strings.
    private static let floats = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    /// Reads the file; `nil` when it does not exist.
    public func load() throws(TrackingSnapshotError) -> TrackingSnapshot? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = Self.floats
            return try decoder.decode(TrackingSnapshot.self, from: Data(contentsOf: url))
        } catch {
            throw TrackingSnapshotError(location: url.path, message: "\(error)")
        }
    }

    /// Writes the file.
    public func save(_ snapshot: TrackingSnapshot) throws(TrackingSnapshotError) {
        do {
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            try encoder.encode(snapshot).write(to: url, options: .atomic)
        } catch {
            throw TrackingSnapshotError(location: url.path, message: "\(error)")
        }
    }
}

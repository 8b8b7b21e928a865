import Foundation
import LockedState
import WrappedKit

/// What the user set for the next Wrapped (seed §6.2, §17.2): the range and whether screenshots
/// count. Kept between launches by a ``WrappedSettingsStore``.
public struct WrappedSettings: Sendable, Equatable, Codable {
    /// The range chosen.
    public var range: RangeChoice
    /// The first day of a custom range, or `nil` for the default (the last 30 days).
    public var customFrom: LocalDate?
    /// The last day of a custom range, or `nil` for the default (today).
    public var customTo: LocalDate?
    /// Whether screenshots are left out.
    public var excludesScreenshots: Bool

    /// Settings; the defaults are this year, screenshots counted.
    public init(
        range: RangeChoice = .thisYear, customFrom: LocalDate? = nil, customTo: LocalDate? = nil,
        excludesScreenshots: Bool = false
    ) {
        self.range = range
        self.customFrom = customFrom
        self.customTo = customTo
        self.excludesScreenshots = excludesScreenshots
    }
}

extension RangeChoice: Codable {}

/// Where ``WrappedSettings`` are kept.
public protocol WrappedSettingsStore: Sendable {
    /// The stored settings, or `nil` when none were stored.
    func load() throws -> WrappedSettings?
    /// Stores `settings`.
    func save(_ settings: WrappedSettings) throws
}

/// Settings kept in memory (tests, and the fallback when no file can be written).
public final class InMemoryWrappedSettingsStore: WrappedSettingsStore {
    private let state: Locked<WrappedSettings?>

    /// A store holding `settings`.
    public init(_ settings: WrappedSettings? = nil) {
        state = Locked(settings)
    }

    /// The settings held.
    public func load() -> WrappedSettings? { state.withLock { $0 } }

    /// Holds `settings`.
    public func save(_ settings: WrappedSettings) { state.withLock { $0 = settings } }
}

/// Settings kept as a JSON file (the app: under Application Support).
public struct FileWrappedSettingsStore: WrappedSettingsStore {
    /// The file.
    public let url: URL

    /// A store in the file at `url` (created on the first save).
    public init(url: URL) {
        self.url = url
    }

    /// The settings in the file, or `nil` when there is no file.
    /// - Throws: `WrappedSettingsError` when the file cannot be read or is not settings.
    public func load() throws -> WrappedSettings? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(WrappedSettings.self, from: Data(contentsOf: url))
        } catch {
            throw WrappedSettingsError(path: url.path, reason: "\(error)")
        }
    }

    /// Writes `settings` to the file atomically.
    /// - Throws: `WrappedSettingsError` when the file cannot be written.
    public func save(_ settings: WrappedSettings) throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            throw WrappedSettingsError(path: url.path, reason: "\(error)")
        }
    }
}

/// Settings that could not be read or written: which file, and why.
public struct WrappedSettingsError: Error, CustomStringConvertible {
    /// The settings file.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// "Settings at <path> could not be used: <reason>".
    public var description: String { "Settings at \(path) could not be used: \(reason)" }
}

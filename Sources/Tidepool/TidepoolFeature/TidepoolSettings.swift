import Foundation
import GeoKit

/// What the Tidepool app keeps on the phone between launches, apart from the device's
/// credentials (the Keychain's) and the favourites queue (the client's).
///
/// Home never leaves the phone: the server knows neither Home nor the guard radius; the
/// reporting model reads them to hold reports back near Home.
public struct TidepoolSettings: Sendable, Codable, Equatable {
    /// Where the user lives, picked during onboarding; nil until picked (or after a reset).
    public var home: Coordinate?
    /// Whether onboarding has been completed (the app then opens on the map).
    public var onboardingCompleted: Bool
    /// Whether the user wants to report presence (the reporting switch); reports still wait for
    /// the location permission and stay inside the home guard.
    public var reportingEnabled: Bool
    /// The integrations the user opted in to (by name, e.g. "spotify").
    public var integrations: Set<String>
    /// Whether resetting Home switched reporting off (it was on): picking a new Home switches it
    /// back on. False when the user had switched reporting off themselves.
    public var reportingPausedForHome: Bool
    /// The heat overlay's colours (the high-contrast option in the profile).
    public var heatPalette: HeatPalette

    /// Settings as on a first launch: no Home, onboarding not done, reporting off.
    public init(
        home: Coordinate? = nil, onboardingCompleted: Bool = false, reportingEnabled: Bool = false,
        integrations: Set<String> = [], reportingPausedForHome: Bool = false, heatPalette: HeatPalette = .standard
    ) {
        self.home = home
        self.onboardingCompleted = onboardingCompleted
        self.reportingEnabled = reportingEnabled
        self.integrations = integrations
        self.reportingPausedForHome = reportingPausedForHome
        self.heatPalette = heatPalette
    }

    enum CodingKeys: String, CodingKey {
        case home, onboardingCompleted, reportingEnabled, integrations, reportingPausedForHome, heatPalette
    }

    /// Reads settings; members added after the first release (``reportingPausedForHome``,
    /// ``heatPalette``) take their defaults when a file saved before them lacks them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        home = try container.decodeIfPresent(Coordinate.self, forKey: .home)
        onboardingCompleted = try container.decode(Bool.self, forKey: .onboardingCompleted)
        reportingEnabled = try container.decode(Bool.self, forKey: .reportingEnabled)
        integrations = try container.decode(Set<String>.self, forKey: .integrations)
        reportingPausedForHome =
            try container.decodeIfPresent(Bool.self, forKey: .reportingPausedForHome) ?? false
        heatPalette = try container.decodeIfPresent(HeatPalette.self, forKey: .heatPalette) ?? .standard
    }
}

/// Where the app keeps ``TidepoolSettings``: ``FileTidepoolSettingsStore`` in the app's
/// container, ``InMemoryTidepoolSettingsStore`` in tests.
public protocol TidepoolSettingsStore: Sendable {
    /// The saved settings, or the first-launch ones when nothing was saved.
    func load() async throws(TidepoolSettingsError) -> TidepoolSettings
    /// Replaces the saved settings.
    func save(_ settings: TidepoolSettings) async throws(TidepoolSettingsError)
    /// Reads the saved settings, applies `change` and saves the result, as one step: two models
    /// changing different settings (the profile's Home, the map's reporting switch) never undo
    /// each other's change with a stale copy.
    /// - Returns: the settings as saved.
    func update(_ change: @Sendable (inout TidepoolSettings) -> Void) async throws(TidepoolSettingsError)
        -> TidepoolSettings
}

/// Why the settings could not be read or written, naming the file.
public struct TidepoolSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or "memory").
    public var location: String
    /// What went wrong.
    public var reason: String

    /// An error at `location`.
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// "settings FILE: reason".
    public var description: String { "settings \(location): \(reason)" }
}

/// Settings kept in memory for the life of the process.
public actor InMemoryTidepoolSettingsStore: TidepoolSettingsStore {
    private var settings: TidepoolSettings

    /// A store holding `settings`.
    public init(_ settings: TidepoolSettings = TidepoolSettings()) { self.settings = settings }

    /// The settings.
    public func load() -> TidepoolSettings { settings }
    /// Replaces the settings.
    public func save(_ settings: TidepoolSettings) { self.settings = settings }
    /// Applies `change` to the settings.
    public func update(_ change: @Sendable (inout TidepoolSettings) -> Void) -> TidepoolSettings {
        change(&settings)
        return settings
    }
}

/// Settings in a JSON file, replaced atomically on every save (a crash leaves the old file or
/// the new one, never half of one).
public actor FileTidepoolSettingsStore: TidepoolSettingsStore {
    /// The file.
    public let url: URL

    /// A store at `url` (created on the first save).
    public init(url: URL) { self.url = url }

    /// The saved settings; first-launch settings when the file does not exist.
    /// - Throws: ``TidepoolSettingsError`` when the file exists but is not settings JSON (the
    ///   file is left as it is, so nothing the user set is overwritten by a default).
    public func load() throws(TidepoolSettingsError) -> TidepoolSettings {
        guard FileManager.default.fileExists(atPath: url.path) else { return TidepoolSettings() }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TidepoolSettingsError(location: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(TidepoolSettings.self, from: data) } catch {
            throw TidepoolSettingsError(location: url.path, reason: "not Tidepool settings JSON: \(error)")
        }
    }

    /// Reads the file, applies `change` and writes the result (the actor runs no other call in
    /// between).
    public func update(_ change: @Sendable (inout TidepoolSettings) -> Void) throws(TidepoolSettingsError)
        -> TidepoolSettings
    {
        var settings = try load()
        change(&settings)
        try save(settings)
        return settings
    }

    /// Writes the settings to a temporary file beside the target and renames it over.
    public func save(_ settings: TidepoolSettings) throws(TidepoolSettingsError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            throw TidepoolSettingsError(location: url.path, reason: "cannot write: \(error.localizedDescription)")
        }
    }
}

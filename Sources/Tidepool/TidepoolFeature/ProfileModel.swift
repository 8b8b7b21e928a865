import Foundation
import GeoKit
import InterestKit
import Observation
import TidepoolClient
import TidepoolKit

/// The profile screen: interests (edit), integrations, favourites (the server's, with the ones
/// made offline shown pending), export, delete everything, reset Home, the privacy explainer.
@MainActor @Observable
public final class ProfileModel {
    /// The interests on the server's profile.
    public private(set) var interests: [InterestTag] = []
    /// The integrations on the profile, by name → state.
    public private(set) var integrations: [String: String] = [:]
    /// The favourites: the server's, then the pending ones.
    public private(set) var favourites: [FavouriteRow] = []
    /// Whether ``favourites`` reflects the server now (false while offline: the last list known
    /// plus what is pending).
    public private(set) var favouritesCurrent = false
    /// The live privacy explainer.
    public private(set) var explainer: PrivacyExplainer?
    /// The text typed in the interest search.
    public private(set) var query = ""
    /// Suggestions for ``query``.
    public private(set) var suggestions: [InterestSuggestion] = []
    /// The file of the last export, for the share sheet.
    public private(set) var exportFile: URL?
    /// Whether everything was deleted (the app shows onboarding next).
    public private(set) var deleted = false
    /// The last failure, for a banner.
    public private(set) var error: TidepoolSessionError?
    /// The integrations offered (Spotify when the build has a client id, Photos).
    public let connectors: [any IntegrationConnector]
    /// The integration being connected (a spinner on its row), nil when none.
    public private(set) var connecting: String?
    /// The last integration failure (a cancel is not one).
    public private(set) var integrationError: IntegrationError?

    /// The radius of the circle drawn around a Home being picked: no report is sent from inside
    /// it (metres).
    public let guardRadiusMeters: Double

    /// Names of the favourites' places, read once per place (`GET /v1/places/{id}`).
    private var placeNames: [String: String] = [:]
    private let session: TidepoolSession
    private let search: InterestSearch
    private let exportFolder: URL

    /// A profile over `session`; exports are written into `exportFolder` (the app's temporary
    /// directory: the share sheet copies the file where the user sends it); the Home picker's
    /// circle is `guardConfiguration`'s (the reporting model's).
    public init(
        session: TidepoolSession, interests: InterestSearch, exportFolder: URL,
        guardConfiguration: HomeGuard.Configuration = .init(), connectors: [any IntegrationConnector] = []
    ) {
        self.connectors = connectors
        self.session = session
        self.search = interests
        self.exportFolder = exportFolder
        guardRadiusMeters = guardConfiguration.radiusMeters
    }

    /// Home, from the phone's settings (nil after a reset).
    public var home: Coordinate? { session.settings.home }

    /// Reads the profile, the favourites (sending what is queued first) and the explainer. Parts
    /// that cannot be read while offline keep their last value; the pending favourites show
    /// whatever happens.
    public func load() async {
        error = nil
        do {
            let profile = try await session.client.profile()
            interests = profile.tags.compactMap(InterestTag.init)
            integrations = profile.integrations.additionalProperties
        } catch .notFound {
            interests = []
        } catch {
            self.error = .client(error)
        }
        await refreshFavourites()
        do {
            let privacy = try await session.client.privacy()
            explainer = PrivacyExplainer(privacy)
        } catch {
            self.error = .client(error)
        }
    }

    /// Re-reads the favourites; offline, the last list with the pending changes applied.
    public func refreshFavourites() async {
        var server = favourites.filter { !$0.pending }.compactMap { row -> TidepoolFavourite? in
            row.favouriteID.map {
                TidepoolFavourite(
                    id: $0, placeId: row.placeID, rating: row.rating, note: row.note, createdAt: 0)
            }
        }
        do {
            server = try await session.client.favourites()
            favouritesCurrent = true
        } catch {
            favouritesCurrent = false
            if !error.isTransport { self.error = .client(error) }
        }
        do {
            let pending = try await session.client.pendingFavouriteChanges()
            favourites = FavouriteRow.rows(server: server, pending: pending)
        } catch {
            self.error = .client(error)
        }
        await nameFavourites()
    }

    /// Reads the name of each favourite's place not named yet (one public read per place, kept
    /// for the life of the model); offline, the rows keep their place ids until the next refresh.
    private func nameFavourites() async {
        for placeID in Set(favourites.map(\.placeID)) where placeNames[placeID] == nil {
            do throws(TidepoolClientError) {
                placeNames[placeID] = PlaceDetail(try await session.client.place(id: placeID)).title
            } catch {
                if error.isTransport { break }
            }
        }
        for index in favourites.indices { favourites[index].placeName = placeNames[favourites[index].placeID] }
    }

    /// The longest note the server keeps, in characters.
    public static let noteLimit = 500

    /// Writes `note` on a saved favourite (an empty note clears it). The server has no route to
    /// change a note, so the favourite is removed and saved again with its rating and the new
    /// note, both through the client's queue in that order (offline, both wait and are sent
    /// together); the favourite gets a new server id and date.
    public func setNote(_ note: String, for row: FavouriteRow) async {
        let text = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Self.noteLimit else {
            error = .other(step: "note", message: TidepoolCopy.noteTooLong(limit: Self.noteLimit, length: text.count))
            return
        }
        guard let id = row.favouriteID, !row.pending, !row.removalPending else {
            error = .other(step: "note", message: TidepoolCopy.noteWaiting(row.title))
            return
        }
        guard text != (row.note ?? "") else { return }
        do {
            try await session.client.removeFavourite(id: id)
            let sync = try await session.client.addFavourite(
                placeID: row.placeID, rating: row.rating, note: text.isEmpty ? nil : text)
            if let refusal = sync.refused.last { error = .client(refusal.error) } else { error = nil }
        } catch {
            self.error = .client(error)
        }
        await refreshFavourites()
    }

    /// Removes a favourite (queued when offline; a pending add cannot be removed before it is sent).
    public func remove(_ row: FavouriteRow) async {
        guard let id = row.favouriteID else { return }
        do { try await session.client.removeFavourite(id: id) } catch { self.error = .client(error) }
        await refreshFavourites()
    }

    /// Updates the search as the user types.
    public func searchInterests(_ text: String) {
        query = text
        suggestions = search.suggestions(for: text)
    }

    /// The label of an interest.
    public func label(of tag: InterestTag) -> String { search.label(of: tag) }

    /// Adds or removes `tag` and saves the interests to the server.
    public func toggle(_ tag: InterestTag) async {
        var next = interests
        if let index = next.firstIndex(of: tag) { next.remove(at: index) } else { next.append(tag) }
        await save(tags: next, integrations: nil)
    }

    /// Integrations on the profile that this build offers no connector for (connected on an
    /// earlier install or another build), by name.
    public var integrationsNotOffered: [String] {
        integrations.keys.filter { name in !connectors.contains { $0.name == name } }.sorted()
    }

    /// Whether the integration named `name` is connected on the profile.
    public func isConnected(_ name: String) -> Bool { integrations[name] == "connected" }

    /// Connects `connector` from the profile (as onboarding does): the interests it finds join
    /// the profile's, it is marked connected on the server and remembered on the phone.
    public func connect(_ connector: any IntegrationConnector) async {
        connecting = connector.name
        defer { connecting = nil }
        let found: [InterestTag]
        do { found = try await connector.connect() } catch {
            integrationError = error.cancelled ? nil : error
            return
        }
        integrationError = nil
        var tags = interests
        for tag in found where !tags.contains(tag) { tags.append(tag) }
        var next = integrations
        next[connector.name] = "connected"
        await save(tags: tags, integrations: next)
        guard error == nil else { return }
        let name = connector.name
        do { try await session.updateSettings { $0.integrations.insert(name) } } catch { self.error = error }
    }

    /// Forgets an integration on the profile and on the phone.
    public func disconnect(_ name: String) async {
        var next = integrations
        next[name] = "disconnected"
        await save(tags: nil, integrations: next)
        do { try await session.updateSettings { $0.integrations.remove(name) } } catch { self.error = error }
    }

    private func save(tags: [InterestTag]?, integrations: [String: String]?) async {
        do {
            let profile = try await session.client.setProfile(
                tags: tags.map { $0.map(\.rawValue) }, vector: nil, integrations: integrations)
            interests = profile.tags.compactMap(InterestTag.init)
            self.integrations = profile.integrations.additionalProperties
            error = nil
        } catch {
            self.error = .client(error)
        }
    }

    /// Writes what the server stores about the device (`GET /v1/me/export`, its JSON members as
    /// the server names them) to a file for the share sheet.
    public func export() async {
        do {
            let export = try await session.client.export()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(export)
            try FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
            let file = exportFolder.appendingPathComponent("tidepool-export-\(export.device.deviceId).json")
            try data.write(to: file, options: .atomic)
            exportFile = file
            error = nil
        } catch {
            self.error = TidepoolSessionError(error, step: "export")
        }
    }

    /// Deletes the device on the server, then everything on the phone (credentials, queue,
    /// settings, the export file): the next launch is a first launch.
    public func deleteEverything() async {
        do {
            try await session.deleteEverything()
            if let exportFile { try? FileManager.default.removeItem(at: exportFile) }
            exportFile = nil
            interests = []
            integrations = [:]
            favourites = []
            deleted = true
            error = nil
        } catch {
            self.error = error
        }
    }

    /// Forgets Home on the phone and pauses reporting until a new Home is picked
    /// (``setHome(_:)``): nothing can be reported without a Home to guard.
    public func resetHome() async {
        do {
            try await session.updateSettings {
                $0.home = nil
                // Remembered, so a new Home turns back on what the reset turned off (and only that).
                $0.reportingPausedForHome = $0.reportingPausedForHome || $0.reportingEnabled
                $0.reportingEnabled = false
            }
        } catch {
            self.error = error
        }
    }

    /// The heat overlay's colours, from the phone's settings.
    public var heatPalette: HeatPalette { session.settings.heatPalette }

    /// Saves the heat overlay's colours (the high-contrast option); the map reads the settings
    /// again when the session publishes them.
    public func setHeatPalette(_ palette: HeatPalette) async {
        do { try await session.updateSettings { $0.heatPalette = palette } } catch { self.error = error }
    }

    /// Saves a new Home (picked on the map with the guard circle shown); reporting resumes if
    /// resetting the old Home paused it (the reporting model reads the settings again when the
    /// session publishes them).
    public func setHome(_ home: Coordinate) async {
        do {
            try await session.updateSettings {
                $0.home = home
                if $0.reportingPausedForHome {
                    $0.reportingEnabled = true
                    $0.reportingPausedForHome = false
                }
            }
            error = nil
        } catch {
            self.error = error
        }
    }
}

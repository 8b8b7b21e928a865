import Foundation
import GeoKit
import IdentifyHistory
import IdentifyKit
import Observation

/// Past identifications kept on the phone: listed newest first, each deletable, or all at once.
/// A damaged history file is set aside with a warning and the history starts empty; it never
/// stops the app.
@MainActor @Observable
public final class HistoryModel {
    /// The entries, newest first.
    public internal(set) var entries: [HistoryEntry] = []
    /// What went wrong with the history file, shown above the list (`nil`: nothing).
    public internal(set) var warning: String?

    /// The entries as the list shows them, newest first.
    public var rows: [HistoryRow] { entries.map(HistoryRow.init) }

    @ObservationIgnored let file: IdentificationHistoryFile?
    @ObservationIgnored let photosFolder: URL?
    @ObservationIgnored var loaded = false

    /// A history kept in `file` (`nil`: nothing is kept), its stills in `photosFolder`; nothing
    /// is read until ``load()``.
    public init(file: IdentificationHistoryFile?, photosFolder: URL? = nil) {
        self.file = file
        self.photosFolder = photosFolder
    }

    /// Reads the file (once; later calls do nothing). A damaged file is moved aside and named in
    /// ``warning``, and the history starts empty.
    public func load() {
        guard !loaded, let file else { return }
        loaded = true
        do throws(HistoryFileError) { entries = try file.load() } catch {
            entries = []
            let aside = try? file.setAside()
            warning = "The history could not be read and starts empty: \(error.reason)"
                + (aside.map { ". The old file was kept as \(URL(fileURLWithPath: $0).lastPathComponent)." } ?? ".")
        }
    }

    /// Adds an identification at the top and saves.
    func record(_ entry: HistoryEntry) {
        load()
        entries.insert(entry, at: 0)
        if let file, entries.count > file.limit { entries.removeLast(entries.count - file.limit) }
        save()
    }

    /// Deletes one entry, and its still photo, and saves.
    public func delete(_ id: HistoryEntry.ID) {
        load()
        removePhotos(of: entries.filter { $0.id == id })
        entries.removeAll { $0.id == id }
        save()
    }

    /// Deletes every entry, and their still photos, and saves.
    public func deleteAll() {
        load()
        removePhotos(of: entries)
        entries = []
        save()
    }

    private func removePhotos(of removed: [HistoryEntry]) {
        guard let photosFolder else { return }
        for name in removed.compactMap(\.photo) {
            try? FileManager.default.removeItem(at: photosFolder.appendingPathComponent(name))
        }
    }

    private func save() {
        guard let file else { return }
        do throws(HistoryFileError) { try file.save(entries) } catch { warning = "The history could not be saved: \(error.reason)" }
    }
}

/// One past identification as the history list shows it.
public struct HistoryRow: Sendable, Hashable, Identifiable {
    /// The entry's id (what ``HistoryModel/delete(_:)`` takes).
    public var id: UUID
    /// When it was made.
    public var time: Date
    /// The best candidate's name ("Nothing identified" when none).
    public var title: String
    /// "NE 42°, 12° up · 3 candidates · aircraft live · photo".
    public var summaryLine: String
    /// Its candidates, as the candidates sheet shows them.
    public var cards: [CandidateCard]
    /// The still photo's file name, when it was a still.
    public var photo: String?
    /// The camera's pitch when the still was taken, degrees.
    public var pitch: Double?
    /// The camera's roll when the still was taken, degrees.
    public var roll: Double?

    /// The row of a kept entry.
    public init(_ entry: HistoryEntry) {
        id = entry.id
        time = entry.time
        photo = entry.photo
        pitch = entry.pitch
        roll = entry.roll
        let observer = Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude)
        cards = entry.candidates.map { CandidateCard($0, observer: observer) }
        title = cards.first?.title ?? "Nothing identified"
        var parts = [ShootVeilCopy.direction(azimuth: entry.direction.azimuth, elevation: entry.direction.elevation)]
        parts.append(entry.candidates.count == 1 ? "1 candidate" : "\(entry.candidates.count) candidates")
        if !entry.aircraft.isEmpty { parts.append("aircraft \(entry.aircraft)") }
        if entry.photo != nil { parts.append("photo") }
        summaryLine = parts.joined(separator: " · ")
    }
}

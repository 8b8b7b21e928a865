import Foundation
import GeoKit
import IdentifyHistory
import IdentifyKit
import LociLocalization
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
    public var rows: [HistoryRow] { entries.map { HistoryRow($0, in: language) } }

    @ObservationIgnored let file: IdentificationHistoryFile?
    @ObservationIgnored let photosFolder: URL?
    @ObservationIgnored let language: AppLanguage
    @ObservationIgnored var loaded = false

    /// A history kept in `file` (`nil`: nothing is kept), its stills in `photosFolder`, its
    /// words in `language`; nothing is read until ``load()``.
    public init(file: IdentificationHistoryFile?, photosFolder: URL? = nil, language: AppLanguage = .current) {
        self.file = file
        self.photosFolder = photosFolder
        self.language = language
    }

    /// Reads the file (once; later calls do nothing). A damaged file is moved aside and named in
    /// ``warning``, and the history starts empty.
    public func load() {
        guard !loaded, let file else { return }
        loaded = true
        let t = Localizer(.shootVeil, language)
        do throws(HistoryFileError) { entries = try file.load() } catch {
            entries = []
            let read = t("The history could not be read and starts empty: %@.", error.reason)
            do throws(HistoryFileError) {
                let aside = try file.setAside()
                warning = aside.map { t("%1$@ The old file was kept as %2$@.", read, URL(fileURLWithPath: $0).lastPathComponent) } ?? read
            } catch let setAside {
                warning = t("%1$@ The old file could not be set aside either: %2$@.", read, setAside.reason)
            }
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

    /// Deletes the stills of `removed`; one that stays on the phone (it was meant to go) is named
    /// in ``warning``. A file already gone is what was wanted.
    private func removePhotos(of removed: [HistoryEntry]) {
        guard let photosFolder else { return }
        let t = Localizer(.shootVeil, language)
        for name in removed.compactMap(\.photo) {
            let url = photosFolder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do { try FileManager.default.removeItem(at: url) } catch {
                warning = t("The photo %1$@ could not be deleted: %2$@", name, error.localizedDescription)
            }
        }
    }

    private func save() {
        guard let file else { return }
        do throws(HistoryFileError) { try file.save(entries) } catch {
            warning = Localizer(.shootVeil, language)("The history could not be saved: %@", error.reason)
        }
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

    /// The row of a kept entry, in `language`.
    public init(_ entry: HistoryEntry, in language: AppLanguage = .current) {
        let t = Localizer(.shootVeil, language)
        id = entry.id
        time = entry.time
        photo = entry.photo
        pitch = entry.pitch
        roll = entry.roll
        let observer = Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude)
        cards = entry.candidates.map { CandidateCard($0, observer: observer, in: language) }
        title = cards.first?.title ?? t("Nothing identified")
        var parts = [
            ShootVeilCopy.direction(azimuth: entry.direction.azimuth, elevation: entry.direction.elevation, in: language)
        ]
        parts.append(t("%@ candidates", t.number(entry.candidates.count), count: entry.candidates.count))
        if let aircraft = AircraftStatus.label(word: entry.aircraft, in: language) { parts.append(t("aircraft %@", aircraft)) }
        if entry.photo != nil { parts.append(t("photo")) }
        summaryLine = parts.joined(separator: " · ")
    }
}

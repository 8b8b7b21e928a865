import ArgumentParser
import Foundation
import PhotoLibrary
import WrappedExport
import WrappedKit
import WrappedService
import WrappedStore

/// `loci wrapped DIR`: Photo Wrapped over a folder of photos.
struct WrappedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wrapped",
        abstract: "Photo Wrapped for a folder of photos: top places, time stats and the story deck.",
        discussion: """
            Reads every JPEG, TIFF and HEIC/HEIF under DIR (metadata only), shows a progress bar on standard \
            error, prints the deck and, with --out, writes deck.json, the share cards as 1080×1920 PNGs in both \
            skins (cards/NN-kind.pastel.png, cards/NN-kind.poster.png) and index.html (the deck to swipe \
            through in a browser). Results are cached by range, hidden places, algorithm version and the \
            folder's file list (wrapped.sqlite in the data directory): an unchanged folder opens instantly; \
            card photos are drawn from thumbnails kept beside it (thumbnails/). \
            Labels come from the offline gazetteer (scripts/fetch-data); without it places are shown by \
            coarse coordinates, and a later run with it relabels the cached result without reading the photos.
            """
    )

    @Argument(help: "The folder of photos.")
    var directory: String

    @Option(help: "this-year, last-year, last-30-days or FROM..TO (YYYY-MM-DD..YYYY-MM-DD). Default: this-year.")
    var range = "this-year"

    @Option(name: .customLong("hide"), help: "Hide a place by its id (repeatable; ids are in the output).")
    var hidden: [String] = []

    @Option(help: "Write deck.json, the card PNGs and index.html to this folder.")
    var out: String?

    @Flag(help: "Print the result as JSON (the content of deck.json) instead of text.")
    var json = false

    @Option(help: "IANA zone of the device (the last resort for local time, and 'today'). Default: the system's.")
    var timeZone: String?

    @Option(help: "Treat this day (YYYY-MM-DD) as today for named ranges.")
    var today: String?

    @Option(help: "The cache database. Default: wrapped.sqlite in the data directory.")
    var cache: String?

    @Flag(help: "Neither read nor write the cache.")
    var noCache = false

    @OptionGroup var gazetteerSource: GazetteerOption

    func run() throws {
        if let out { try FileArgument.writableFolder(out, option: "--out") }
        if let cache, !noCache { try FileArgument.database(cache, option: "--cache") }
        if let path = gazetteerSource.gazetteer { try FileArgument.readable(path, option: "--gazetteer", expected: "the gazetteer TSV") }
        let zone = try deviceZone()
        let days = try parsedRange().days(today: try todayDate(in: zone))
        let gazetteer = gazetteerSource
        let labelSource = gazetteer.labelSource
        let hasLabels = labelSource != WrappedCacheKey.noLabels
        // Said once, whether the run is computed or opened from the cache.
        if !hasLabels { ProgressLine.note(gazetteer.missingNote) }
        let session = WrappedSession(
            source: FolderPhotoSource(root: directory),
            placeLookup: { GazetteerPlaceLookup(gazetteer: try gazetteer.load()) }, labelSource: labelSource,
            cache: cacheURL, deviceZone: zone)
        let progress = WrappedProgressLines(reportsMissingLabels: hasLabels)
        let outcome: WrappedOutcome
        do {
            outcome = try session.run(days: days, hidden: Set(hidden), now: Date(), progress: progress.show)
            if let out { try outcome.write(to: URL(fileURLWithPath: out), progress: progress.show(export:)) }
        } catch {
            throw Self.inputError(error, directory: directory)
        }
        if json {
            print(try outcome.jsonString())
        } else {
            print(outcome.text())
        }
    }

    /// The one line the command has always printed for each session error.
    static func inputError(_ error: WrappedSessionError, directory: String) -> InputError {
        switch error {
        case .sourceUnreadable: InputError("\(directory): not a readable folder")
        case .cacheUnopenable(_, let underlying): InputError("--cache: \(underlying)")
        case .folderUnwritable(let path, let message): InputError("--out: cannot create \(path): \(message)")
        case .fileUnwritable, .encodingFailed, .cancelled: InputError("\(error)")
        }
    }

    /// The cache database: `--cache`, else wrapped.sqlite in the data directory; `nil` with `--no-cache`.
    private var cacheURL: URL? {
        guard !noCache else { return nil }
        return URL(fileURLWithPath: cache ?? LociPaths.dataDirectory.appendingPathComponent("wrapped.sqlite").path)
    }

    private func parsedRange() throws -> WrappedRange {
        do { return try WrappedRange(parsing: range) } catch { throw InputError("--range: \(error)") }
    }

    private func deviceZone() throws -> TimeZone {
        guard let timeZone else { return TimeZone.current }
        return try TimeZoneArgument.zone(timeZone)
    }

    private func todayDate(in zone: TimeZone) throws -> LocalDate {
        if let today {
            guard let date = LocalDate(iso: today) else { throw InputError("--today: '\(today)' is not a date YYYY-MM-DD") }
            return date
        }
        let now = Date().timeIntervalSince1970
        return LocalDateTime(secondsSinceEpoch: now, offset: zone.secondsFromGMT(for: Date())).date
    }

    static func describe(_ event: WrappedProgress) -> String {
        switch event {
        case .timeStats(let stats):
            "Stage A: \(stats.total) photos in range, \(Int((stats.coverage * 100).rounded()))% with a location."
        case .places(let places): "Stage B: \(places.count) places."
        case .labels(let places): "Stage C: labelled \(places.filter { $0.label != nil }.count) places."
        case .deck(let deck): "Deck: \(deck.cards.count) cards."
        }
    }
}

import ArgumentParser
import Foundation
import LociBenchmarks
import WrappedCardLayout
import WrappedCards
import WrappedKit

/// `loci bench cards`: time per share-card PNG (layout, photo decoding, drawing, PNG encoding)
/// for each card kind and skin, including collages of nine real photos.
struct BenchCardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Measure Photo Wrapped share-card rendering (1080 × 1920 PNG per card, target ≤ 100 ms).",
        discussion: """
            Build in release mode: swift run -c release loci bench cards. Each card is rendered once \
            to warm up, then --rounds times, timed one render at a time. The collages use nine real \
            photos from the exif-samples folder: the 640 × 480 Arezzo walk, and nine 3.5–12 MP \
            phone and camera photos (decoded with libjpeg's DCT scaling).
            """
    )

    @Option(help: "The exif-samples jpg folder (default: photos/exif-samples/jpg in the shared data folder).")
    var photos: String?

    @Option(help: "Timed renders per card.")
    var rounds = 10

    @Option(help: "Also write each card's PNG and deck.html to this folder.")
    var out: String?

    @Option(
        help:
            "Only this card (title, coverage, top_place, top_places, peak_day, collage_640x480, collage_3_12MP)."
    )
    var card: String?

    @Option(help: "Only this skin (pastel or poster).")
    var skin: String?

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    @Flag(
        help: """
            Render from the thumbnail store, as loci wrapped does (thumbnails are made first, untimed;             their preparation time is printed).
            """)
    var thumbnails = false

    struct Row: Encodable {
        let card: String
        let skin: String
        let median_ms: Double
        let p90_ms: Double
        let cpu_median_ms: Double
        let png_bytes: Int
        let meets_target: Bool
    }

    static let smallPhotos = [
        "DSCN0010", "DSCN0012", "DSCN0021", "DSCN0025", "DSCN0027", "DSCN0029", "DSCN0038",
        "DSCN0040", "DSCN0042",
    ].map { "gps/\($0).jpg" }
    static let largePhotos = [
        "tests/42_IndexError.jpg", "mobile/HMD_Nokia_8.3_5G.jpg", "tests/30-type_error.jpg",
        "tests/35-empty.jpg", "hdr/iphone_hdr_NO.jpg", "hdr/iphone_hdr_YES.jpg", "mobile/jolla.jpg",
        "tests/33-type_error.jpg", "tests/28-hex_value.jpg",
    ]

    func validate() throws {
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
        if let skin, CardSkin(rawValue: skin) == nil {
            throw ValidationError("--skin must be pastel or poster")
        }
    }

    mutating func run() throws {
        #if DEBUG
            FileHandle.standardError.write(
                Data(
                    "loci bench cards: this is a debug build; numbers are not meaningful (use -c release)\n"
                        .utf8))
        #endif
        let folder = URL(fileURLWithPath: photos ?? Self.defaultPhotoFolder())
        let missing = (Self.smallPhotos + Self.largePhotos).filter {
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        guard missing.isEmpty else {
            throw ValidationError(
                "\(folder.path): missing \(missing.joined(separator: ", ")) (pass --photos DIR)")
        }
        var deck = Self.deck(photoFolder: folder)
        let thumbnailFolder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-bench-thumbnails-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: thumbnailFolder) }
        if thumbnails {
            let store = CardThumbnailStore(directory: thumbnailFolder)
            var prepared = Deck(cards: deck.map(\.1), isLowCoverage: false)
            let elapsed = Stopwatch.nanoseconds { prepared = store.prepare(prepared) }
            let count = Set(prepared.cards.flatMap { $0.photos.compactMap(\.path) }).count
            FileHandle.standardError.write(
                Data("loci bench cards: \(count) thumbnails prepared in \(String(format: "%.1f", elapsed / 1e6)) ms (both cores)\n".utf8))
            deck = zip(deck, prepared.cards).map { ($0.0.0 + " (thumbnails)", $0.1) }
        }
        let skins = CardSkin.allCases.filter { skin == nil || $0.rawValue == skin }
        let selected = deck.filter { card == nil || $0.0 == card || $0.0 == "\(card ?? "") (thumbnails)" }
        guard !selected.isEmpty else { throw ValidationError("no card named \(card ?? "")") }
        var rows: [Row] = []
        var posterPNGs: [[UInt8]] = []
        for skin in skins {
            for (name, card) in selected {
                FileHandle.standardError.write(Data("loci bench cards: \(name) (\(skin.rawValue))\n".utf8))
                let rendered = try CardRenderer.render(card, skin: skin)
                guard rendered.photoFailures.isEmpty else {
                    throw ValidationError(
                        "\(name): photos failed: \(rendered.photoFailures.map { "\($0.error)" })")
                }
                var samples: [Double] = []
                var cpuSamples: [Double] = []
                for _ in 0..<rounds {
                    let cpuStart = Self.processCPUNanoseconds()
                    samples.append(
                        try Stopwatch.nanoseconds { blackHole(try CardRenderer.png(for: card, skin: skin)) })
                    cpuSamples.append(Self.processCPUNanoseconds() - cpuStart)
                }
                let timing = TimingStatistics(samples: samples)
                let cpu = TimingStatistics(samples: cpuSamples)
                rows.append(
                    Row(
                        card: name, skin: skin.rawValue, median_ms: timing.medianNanoseconds / 1e6,
                        p90_ms: timing.p90Nanoseconds / 1e6, cpu_median_ms: cpu.medianNanoseconds / 1e6,
                        png_bytes: rendered.png.count,
                        meets_target: timing.p90Nanoseconds <= 100e6))
                if skin == .poster { posterPNGs.append(rendered.png) }
                if let out { try write(rendered.png, to: out, name: "\(name)-\(skin.rawValue).png") }
            }
        }
        if let out, posterPNGs.count == deck.count {
            let html = DeckHTML.document(
                deck: Deck(cards: deck.map(\.1), isLowCoverage: false), cardPNGs: posterPNGs)
            try write(Array(html.utf8), to: out, name: "deck.html")
        }
        print(json ? try OutputFormat.json(rows) : Self.markdown(rows))
    }

    private func write(_ bytes: [UInt8], to folder: String, name: String) throws {
        let directory = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
    }

    static func defaultPhotoFolder() -> String {
        let shared =
            ProcessInfo.processInfo.environment["LOCI_SHARED_DATA"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/data"
        return shared + "/photos/exif-samples/jpg"
    }

    /// A deck in the seed's voice (§7.1) with both collages.
    static func deck(photoFolder: URL) -> [(String, Card)] {
        let photos = { (paths: [String]) in
            paths.enumerated().map {
                CardPhoto(assetID: "p\($0.offset)", path: photoFolder.appendingPathComponent($0.element).path)
            }
        }
        return [
            (
                "title",
                Card(
                    kind: .title, eyebrow: "2025", headline: "Your Photo Wrapped 2025",
                    lines: ["4,812 photos"])
            ),
            (
                "coverage",
                Card(
                    kind: .coverage, eyebrow: "Trust",
                    headline: "You took 4,812 photos. 62% had location data.")
            ),
            (
                "top_place",
                Card(
                    kind: .topPlace, eyebrow: "Your #1 place", headline: "Kallio, Helsinki",
                    lines: ["212 photos · 40 days"], photos: photos(Array(smallPhotos.prefix(3))))
            ),
            (
                "top_places",
                Card(
                    kind: .topPlaces, eyebrow: "Your top places", headline: "Where you kept coming back",
                    panels: [
                        .init(rank: 2, label: "Suomenlinna, Helsinki", detail: "140 photos · 12 days"),
                        .init(rank: 3, label: "Arezzo, Tuscany", detail: "96 photos · 3 days"),
                    ])
            ),
            (
                "peak_day",
                Card(
                    kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday 14 June",
                    lines: ["311 photos"])
            ),
            (
                "collage_640x480",
                Card(
                    kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                    photos: photos(smallPhotos))
            ),
            (
                "collage_3_12MP",
                Card(
                    kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                    photos: photos(largePhotos))
            ),
        ]
    }

    /// CPU time of the whole process (all threads), which a busy machine inflates far less than
    /// wall time.
    static func processCPUNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    static func markdown(_ rows: [Row]) -> String {
        var lines = [
            "| card | skin | wall median | wall p90 | CPU median (all threads) | PNG size | target (wall p90 ≤ 100 ms) |",
            "|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.card) | \(row.skin) | \(String(format: "%.1f ms", row.median_ms)) | "
                    + "\(String(format: "%.1f ms", row.p90_ms)) | \(String(format: "%.1f ms", row.cpu_median_ms)) | "
                    + "\(row.png_bytes / 1024) KiB | "
                    + (row.meets_target ? "✅" : "❌") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

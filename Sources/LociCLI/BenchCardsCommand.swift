import ArgumentParser
import Foundation
import LociBenchmarks
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
            photos from the exif-samples folder: the 640 × 480 Arezzo walk, and nine 4–12 MP \
            phone and camera photos (decoded with libjpeg's DCT scaling).
            """
    )

    @Option(help: "The exif-samples jpg folder (default: photos/exif-samples/jpg in the shared data folder).")
    var photos: String?

    @Option(help: "Timed renders per card.")
    var rounds = 10

    @Option(help: "Also write each card's PNG and deck.html to this folder.")
    var out: String?

    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    struct Row: Encodable {
        let card: String
        let skin: String
        let median_ms: Double
        let p90_ms: Double
        let png_bytes: Int
        let meets_target: Bool
    }

    static let smallPhotos = ["DSCN0010", "DSCN0012", "DSCN0021", "DSCN0025", "DSCN0027", "DSCN0029", "DSCN0038",
        "DSCN0040", "DSCN0042"].map { "gps/\($0).jpg" }
    static let largePhotos = [
        "tests/42_IndexError.jpg", "mobile/HMD_Nokia_8.3_5G.jpg", "tests/30-type_error.jpg",
        "tests/67-0_length_string.jpg", "hdr/iphone_hdr_NO.jpg", "hdr/iphone_hdr_YES.jpg", "mobile/jolla.jpg",
        "tests/33-type_error.jpg", "tests/28-hex_value.jpg",
    ]

    func validate() throws {
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
    }

    mutating func run() throws {
        #if DEBUG
            FileHandle.standardError.write(
                Data("loci bench cards: this is a debug build; numbers are not meaningful (use -c release)\n".utf8))
        #endif
        let folder = URL(fileURLWithPath: photos ?? Self.defaultPhotoFolder())
        let missing = (Self.smallPhotos + Self.largePhotos).filter {
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        guard missing.isEmpty else {
            throw ValidationError("\(folder.path): missing \(missing.joined(separator: ", ")) (pass --photos DIR)")
        }
        let deck = Self.deck(photoFolder: folder)
        var rows: [Row] = []
        var posterPNGs: [[UInt8]] = []
        for skin in CardSkin.allCases {
            for (name, card) in deck {
                FileHandle.standardError.write(Data("loci bench cards: \(name) (\(skin.rawValue))\n".utf8))
                let rendered = try CardRenderer.render(card, skin: skin)
                guard rendered.photoFailures.isEmpty else {
                    throw ValidationError("\(name): photos failed: \(rendered.photoFailures.map { "\($0.error)" })")
                }
                var samples: [Double] = []
                for _ in 0..<rounds {
                    samples.append(try Stopwatch.nanoseconds { blackHole(try CardRenderer.png(for: card, skin: skin)) })
                }
                let timing = TimingStatistics(samples: samples)
                rows.append(
                    Row(
                        card: name, skin: skin.rawValue, median_ms: timing.medianNanoseconds / 1e6,
                        p90_ms: timing.p90Nanoseconds / 1e6, png_bytes: rendered.png.count,
                        meets_target: timing.p90Nanoseconds <= 100e6))
                if skin == .poster { posterPNGs.append(rendered.png) }
                if let out { try write(rendered.png, to: out, name: "\(name)-\(skin.rawValue).png") }
            }
        }
        if let out {
            let html = DeckHTML.document(deck: Deck(cards: deck.map(\.1), isLowCoverage: false), cardPNGs: posterPNGs)
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
        let shared = ProcessInfo.processInfo.environment["LOCI_SHARED_DATA"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/data"
        return shared + "/photos/exif-samples/jpg"
    }

    /// A deck in the seed's voice (§7.1) with both collages.
    static func deck(photoFolder: URL) -> [(String, Card)] {
        let photos = { (paths: [String]) in
            paths.enumerated().map { CardPhoto(assetID: "p\($0.offset)", path: photoFolder.appendingPathComponent($0.element).path) }
        }
        return [
            ("title", Card(kind: .title, eyebrow: "2025", headline: "Your Photo Wrapped 2025", lines: ["4,812 photos"])),
            ("coverage", Card(kind: .coverage, eyebrow: "Trust", headline: "You took 4,812 photos. 62% had location data.")),
            ("top_place", Card(kind: .topPlace, eyebrow: "Your #1 place", headline: "Kallio, Helsinki",
                lines: ["212 photos · 40 days"], photos: photos(Array(smallPhotos.prefix(3))))),
            ("top_places", Card(kind: .topPlaces, eyebrow: "Your top places", headline: "Where you kept coming back",
                panels: [.init(rank: 2, label: "Suomenlinna, Helsinki", detail: "140 photos · 12 days"),
                    .init(rank: 3, label: "Arezzo, Tuscany", detail: "96 photos · 3 days")])),
            ("peak_day", Card(kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday 14 June",
                lines: ["311 photos"])),
            ("collage_640x480", Card(kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                photos: photos(smallPhotos))),
            ("collage_4_12MP", Card(kind: .collage, eyebrow: "2025", headline: "Your year in moments.",
                photos: photos(largePhotos))),
        ]
    }

    static func markdown(_ rows: [Row]) -> String {
        var lines = ["| card | skin | median | p90 | PNG size | target (p90 ≤ 100 ms) |", "|---|---|---|---|---|---|"]
        for row in rows {
            lines.append(
                "| \(row.card) | \(row.skin) | \(String(format: "%.1f ms", row.median_ms)) | "
                    + "\(String(format: "%.1f ms", row.p90_ms)) | \(row.png_bytes / 1024) KiB | "
                    + (row.meets_target ? "✅" : "❌") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation
import WrappedCardLayout
import WrappedCards
import WrappedKit

/// `loci bench cards`: time per share-card PNG (layout, photo decoding, drawing, PNG encoding) for
/// each card kind and skin, including collages of nine real photos; optionally from the
/// thumbnail store, as `loci wrapped` renders them. There is no same-run anchor.
public struct CardsBench: BenchWorkload {
    public static let name = "cards"
    /// The target: every card's wall p90, nanoseconds.
    public static let targetNanoseconds = 100e6

    /// One card in one skin. JSON keys are `loci bench cards --json`'s.
    public struct Row: Sendable, Encodable, Hashable {
        public let card: String
        public let skin: String
        public let median_ms: Double
        public let p90_ms: Double
        public let cpu_median_ms: Double
        public let png_bytes: Int
        public let meets_target: Bool
    }

    /// The exif-samples `jpg` folder the collages' photos come from.
    public var photoFolder: URL
    /// Timed renders per card.
    public var rounds: Int
    /// When set, each card's PNG (poster skin also `deck.html`) is written here.
    public var output: URL?
    /// Only this card (a name from ``cardNames``), or every card.
    public var card: String?
    /// Only this skin, or both.
    public var skin: CardSkin?
    /// Render from the thumbnail store (made first, untimed), as `loci wrapped` does.
    public var thumbnails: Bool

    /// A run with these choices.
    public init(photoFolder: URL, rounds: Int, output: URL?, card: String?, skin: CardSkin?, thumbnails: Bool) {
        self.photoFolder = photoFolder
        self.rounds = rounds
        self.output = output
        self.card = card
        self.skin = skin
        self.thumbnails = thumbnails
    }

    /// The cards of the benchmark deck, by name.
    public static let cardNames = [
        "title", "coverage", "top_place", "top_places", "peak_day", "collage_640x480", "collage_3_12MP",
    ]

    /// Renders every selected card once (checked), then ``rounds`` times timed; the anchors
    /// option changes nothing (there is none).
    ///
    /// - Throws: ``BenchError`` when photos are missing or fail to decode, or no card matches.
    public func run(anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void) async throws -> [Row] {
        let missing = (Self.smallPhotos + Self.largePhotos).filter {
            !FileManager.default.fileExists(atPath: photoFolder.appendingPathComponent($0).path)
        }
        guard missing.isEmpty else {
            throw BenchError.input(
                option: "--photos", detail: "\(photoFolder.path): missing \(missing.joined(separator: ", "))")
        }
        var deck = Self.deck(photoFolder: photoFolder)
        let thumbnailFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-bench-thumbnails-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: thumbnailFolder) }
        if thumbnails {
            let store = CardThumbnailStore(directory: thumbnailFolder)
            var prepared = Deck(cards: deck.map(\.1), isLowCoverage: false)
            let elapsed = Stopwatch.nanoseconds { prepared = store.prepare(prepared) }
            let count = Set(prepared.cards.flatMap { $0.photos.compactMap(\.path) }).count
            log("\(count) thumbnails prepared in \(String(format: "%.1f", elapsed / 1e6)) ms (both cores)")
            deck = zip(deck, prepared.cards).map { ($0.0.0 + " (thumbnails)", $0.1) }
        }
        let skins = CardSkin.allCases.filter { skin == nil || $0 == skin }
        let selected = deck.filter { card == nil || $0.0 == card || $0.0 == "\(card ?? "") (thumbnails)" }
        guard !selected.isEmpty else {
            let names = deck.map(\.0).joined(separator: ", ")
            throw BenchError.input(option: "--card", detail: "no card named \(card ?? ""); the cards are \(names)")
        }
        var rows: [Row] = []
        var posterPNGs: [[UInt8]] = []
        for skin in skins {
            for (name, card) in selected {
                log("\(name) (\(skin.rawValue))")
                let rendered = try CardRenderer.render(card, skin: skin)
                guard rendered.photoFailures.isEmpty else {
                    throw BenchError.input(
                        option: "--photos", detail: "\(name): photos failed: \(rendered.photoFailures.map { "\($0.error)" })")
                }
                var samples: [Double] = []
                var cpuSamples: [Double] = []
                for _ in 0..<rounds {
                    let cpuStart = Self.processCPUNanoseconds()
                    samples.append(try Stopwatch.nanoseconds { blackHole(try CardRenderer.png(for: card, skin: skin)) })
                    cpuSamples.append(Self.processCPUNanoseconds() - cpuStart)
                }
                let timing = TimingStatistics(samples: samples)
                let cpu = TimingStatistics(samples: cpuSamples)
                rows.append(
                    Row(
                        card: name, skin: skin.rawValue, median_ms: timing.medianNanoseconds / 1e6,
                        p90_ms: timing.p90Nanoseconds / 1e6, cpu_median_ms: cpu.medianNanoseconds / 1e6,
                        png_bytes: rendered.png.count, meets_target: timing.p90Nanoseconds <= Self.targetNanoseconds))
                if skin == .poster { posterPNGs.append(rendered.png) }
                if let output { try Self.write(rendered.png, to: output, name: "\(name)-\(skin.rawValue).png") }
            }
        }
        if let output, posterPNGs.count == deck.count {
            let html = DeckHTML.document(deck: Deck(cards: deck.map(\.1), isLowCoverage: false), cardPNGs: posterPNGs)
            try Self.write(Array(html.utf8), to: output, name: "deck.html")
        }
        return rows
    }

    public func markdown(_ rows: [Row]) -> String {
        var lines = [
            "| card | skin | wall median | wall p90 | CPU median (all threads) | PNG size | target (wall p90 ≤ 100 ms) |",
            "|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.card) | \(row.skin) | \(String(format: "%.1f ms", row.median_ms)) | "
                    + "\(String(format: "%.1f ms", row.p90_ms)) | \(String(format: "%.1f ms", row.cpu_median_ms)) | "
                    + "\(row.png_bytes / 1024) KiB | " + (row.meets_target ? "✅" : "❌") + " |")
        }
        return lines.joined(separator: "\n")
    }

    private static func write(_ bytes: [UInt8], to directory: URL, name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent(name), options: .atomic)
    }

    /// CPU time of the whole process (all threads), which a busy machine inflates far less than
    /// wall time.
    static func processCPUNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

}

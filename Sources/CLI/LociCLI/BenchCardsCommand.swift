import ArgumentParser
import Foundation
import LociBenchmarks
import WrappedCardLayout
import WrappedCards

/// `loci bench cards`: time per share-card PNG (layout, photo decoding, drawing, PNG encoding)
/// for each card kind and skin, including collages of nine real photos.
struct BenchCardsCommand: AsyncParsableCommand {
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

    @Option(parsing: .unconditional, help: "Timed renders per card (default 10).", transform: NumberArgument.whole)
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

    @Flag(
        help: """
            Render from the thumbnail store, as loci wrapped does (thumbnails are made first, untimed; \
            their preparation time is printed).
            """)
    var thumbnails = false

    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
        if let skin, CardSkin(rawValue: skin) == nil {
            throw ValidationError("--skin must be pastel or poster")
        }
        try options.refuseScript("cards")
        if let photos { try FileArgument.readableFolder(photos, option: "--photos") }
        if let out { try FileArgument.writableFolder(out, option: "--out") }
    }

    func run() async throws {
        let shared =
            ProcessInfo.processInfo.environment["LOCI_SHARED_DATA"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/data"
        try await options.run(
            CardsBench(
                photoFolder: URL(fileURLWithPath: photos ?? shared + "/photos/exif-samples/jpg"), rounds: rounds,
                output: out.map { URL(fileURLWithPath: $0) }, card: card, skin: skin.flatMap(CardSkin.init(rawValue:)),
                thumbnails: thumbnails))
    }
}

import Foundation
import WrappedCardLayout
import WrappedCards
import WrappedKit
import WrappedService

extension WrappedOutcome {
    /// Writes `deck.json`, `cards/NN-kind.{pastel,poster}.png` for the share-eligible cards and
    /// `index.html` (the pastel deck to swipe through) to `folder`, each file atomically.
    ///
    /// Card photos are drawn from the thumbnail store in ``thumbnails`` (made now for the cards'
    /// photos and kept for the next run), not decoded from the full files for every card and
    /// skin. A card that cannot be rendered is reported and left out; the other files are written.
    /// - Throws: ``WrappedSessionError/folderUnwritable(path:message:)`` or
    ///   ``WrappedSessionError/fileUnwritable(path:message:)``.
    public func write(
        to folder: URL, progress: @Sendable (WrappedExportEvent) -> Void = { _ in }
    ) throws(WrappedSessionError) {
        let cards = folder.appendingPathComponent("cards")
        do {
            try FileManager.default.createDirectory(at: cards, withIntermediateDirectories: true)
        } catch {
            throw .folderUnwritable(path: cards.path, message: error.localizedDescription)
        }
        var names: [Int: [String: String]] = [:]
        var pastel: [[UInt8]] = []
        let deck = CardThumbnailStore(directory: thumbnails).prepare(result.deck)
        for (index, card) in deck.cards.enumerated() {
            progress(.rendering(done: index, total: deck.cards.count))
            guard card.shareEligible else {
                pastel.append([])
                continue
            }
            var files: [String: String] = [:]
            for skin in CardSkin.allCases {
                let name =
                    "cards/\(String(format: "%02d", index + 1))-\(card.kind.rawValue).\(skin.rawValue).png"
                let png: [UInt8]
                do { png = try CardRenderer.png(for: card, skin: skin) } catch {
                    progress(.cardNotRendered(index: index, kind: card.kind, skin: skin, error))
                    if skin == .pastel { pastel.append([]) }
                    continue
                }
                try Self.atomicWrite(png, to: folder.appendingPathComponent(name))
                files[skin.rawValue] = name
                if skin == .pastel { pastel.append(png) }
            }
            names[index] = files
        }
        progress(.rendering(done: result.deck.cards.count, total: result.deck.cards.count))
        progress(.renderingFinished)
        try Self.atomicWrite(
            Array(try jsonString(pngNames: names).utf8), to: folder.appendingPathComponent("deck.json"))
        try Self.atomicWrite(
            Array(DeckHTML.document(deck: deck, cardPNGs: pastel).utf8),
            to: folder.appendingPathComponent("index.html"))
    }

    /// Writes `bytes` to `url` atomically (a reader sees the old file or the new one).
    static func atomicWrite(_ bytes: [UInt8], to url: URL) throws(WrappedSessionError) {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw .fileUnwritable(path: url.path, message: error.localizedDescription)
        }
    }
}

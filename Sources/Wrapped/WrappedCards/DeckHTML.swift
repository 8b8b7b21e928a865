import Foundation
import WrappedKit

/// A Photo Wrapped deck as one self-contained HTML file: the card PNGs embedded as data URLs,
/// inline CSS and script, nothing fetched. Cards show one at a time at 9:16; arrow keys, space,
/// a click or tap (left third goes back) and a horizontal swipe move between them; a segmented
/// progress bar shows where you are.
public enum DeckHTML {
    /// The document for `deck`, with `cardPNGs[i]` as card `i`'s image. A card with no PNG (the
    /// array is shorter) is shown as its texts; an empty deck shows its `emptyReason`.
    public static func document(deck: Deck, cardPNGs: [[UInt8]]) -> String {
        var slides: [String] = []
        for (index, card) in deck.cards.enumerated() {
            let alt = escape(altText(for: card))
            let hidden = index == 0 ? "" : " hidden"
            if index < cardPNGs.count, !cardPNGs[index].isEmpty {
                let data = Data(cardPNGs[index]).base64EncodedString()
                slides.append(
                    "<figure class=\"slide\"\(hidden)><img src=\"data:image/png;base64,\(data)\" alt=\"\(alt)\" "
                        + "width=\"1080\" height=\"1920\"></figure>")
            } else {
                slides.append(
                    "<figure class=\"slide text\"\(hidden) role=\"img\" aria-label=\"\(alt)\"><p>\(alt)</p></figure>"
                )
            }
        }
        if slides.isEmpty {
            let reason = escape(deck.emptyReason ?? "This Photo Wrapped has no cards.")
            slides.append("<figure class=\"slide text\"><p>\(reason)</p></figure>")
        }
        let segments = String(repeating: "<span></span>", count: max(1, deck.cards.count))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Photo Wrapped</title>
            <style>\(style)</style>
            </head>
            <body>
            <main id="deck" aria-roledescription="carousel" aria-label="Photo Wrapped" tabindex="0">
            <div class="progress" aria-hidden="true">\(segments)</div>
            \(slides.joined(separator: "\n"))
            <p class="counter" aria-live="polite"></p>
            </main>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// What a card says, for screen readers: eyebrow, headline, lines and panels, as sentences.
    public static func altText(for card: Card) -> String {
        let parts =
            [card.eyebrow, card.headline] + card.lines
            + card.panels.map { "#\($0.rank) \($0.label), \($0.detail)" }
        return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: ". ")
    }

    /// Escapes text for HTML content and double- or single-quoted attributes.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                if character.properties.generalCategory == .control, character != "\n", character != "\t" {
                    continue
                }
                escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

/// Measures how wide a line of text is drawn. `WrappedCards.CairoTextMeasurer` is the Linux one
/// (a SwiftUI app brings its own); layout code only ever sees this protocol, so it stays pure.
public protocol TextMeasuring {
    /// The advance width in pixels of `text` drawn in DejaVu Sans at `fontSize` and `weight`.
    func width(of text: String, fontSize: Double, weight: FontWeight) -> Double
}

/// Text lines and the size they fit at.
public struct FittedText: Sendable, Hashable {
    /// The lines, each no wider than the width asked for.
    public var lines: [String]
    /// The font size, between the minimum and the preferred size.
    public var fontSize: Double
}

/// Fits a text into at most `maxLines` lines of a given width: wrap at spaces first, then shrink
/// the font step by step down to a minimum, then (at the minimum) break inside words and end the
/// last line with "…". Words are never split inside a grapheme cluster.
///
/// - Complexity: O(n²) measurements in the text's length in the worst case (a long unbroken
///   word); texts are cut to ``maximumCharacters`` first so this stays bounded.
public enum TextFitter {
    /// Longest text considered; more could never be shown at the minimum size anyway.
    public static let maximumCharacters = 600
    /// Factor between successive sizes tried.
    static let shrinkStep = 0.9

    /// Fits `text`; an empty (or all-whitespace) text gives no lines at the preferred size.
    public static func fit(
        _ text: String, width: Double, maxLines: Int, preferredSize: Double, minimumSize: Double,
        weight: FontWeight, measurer: some TextMeasuring
    ) -> FittedText {
        let words = normalizedWords(text)
        guard !words.isEmpty, maxLines > 0, width > 0 else {
            return FittedText(lines: [], fontSize: preferredSize)
        }
        var size = preferredSize
        while size > minimumSize {
            if let lines = wrap(
                words, width: width, size: size, weight: weight, limit: maxLines, measurer: measurer)
            {
                return FittedText(lines: lines, fontSize: size)
            }
            size = max(minimumSize, (size * shrinkStep).rounded(.down))
        }
        var lines = breakingWrap(words, width: width, size: minimumSize, weight: weight, measurer: measurer)
        if lines.count > maxLines {
            let last = lines[maxLines - 1]
            lines = Array(lines.prefix(maxLines - 1))
            lines.append(
                ellipsised(last, width: width, size: minimumSize, weight: weight, measurer: measurer))
        }
        return FittedText(lines: lines, fontSize: minimumSize)
    }

    /// The text's words: control characters dropped, any run of white space is one break, and
    /// at most ``maximumCharacters`` characters kept.
    static func normalizedWords(_ text: String) -> [String] {
        let cleaned = String(
            text.prefix(maximumCharacters).unicodeScalars.filter {
                !$0.properties.generalCategory.isControl
                    || $0.properties.isWhitespace
            }.map(Character.init))
        return cleaned.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Greedy wrap at spaces; `nil` when a word is wider than the line or more than `limit` lines
    /// are needed.
    static func wrap(
        _ words: [String], width: Double, size: Double, weight: FontWeight, limit: Int,
        measurer: some TextMeasuring
    ) -> [String]? {
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if measurer.width(of: candidate, fontSize: size, weight: weight) <= width {
                current = candidate
                continue
            }
            guard measurer.width(of: word, fontSize: size, weight: weight) <= width else { return nil }
            lines.append(current)
            current = word
            if lines.count >= limit { return nil }
        }
        lines.append(current)
        return lines
    }

    /// Greedy wrap that breaks a word too wide for a line between its characters.
    static func breakingWrap(
        _ words: [String], width: Double, size: Double, weight: FontWeight, measurer: some TextMeasuring
    ) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if measurer.width(of: candidate, fontSize: size, weight: weight) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                let longer = current + String(character)
                if current.isEmpty || measurer.width(of: longer, fontSize: size, weight: weight) <= width {
                    current = longer
                } else {
                    lines.append(current)
                    current = String(character)
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The longest prefix of `text` that fits with "…" appended (trailing spaces removed), marking
    /// that more text followed.
    static func ellipsised(
        _ text: String, width: Double, size: Double, weight: FontWeight, measurer: some TextMeasuring
    ) -> String {
        var kept = Substring(text)
        while !kept.isEmpty, measurer.width(of: kept + "…", fontSize: size, weight: weight) > width {
            kept = kept.dropLast()
        }
        while kept.last?.isWhitespace == true { kept = kept.dropLast() }
        return kept + "…"
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool { self == .control }
}

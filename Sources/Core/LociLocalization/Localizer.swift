import Foundation

/// A module's catalog in one language: what a `*Copy` function calls to say something.
///
/// ```swift
/// let t = Localizer(.proximity, language)
/// t("%1$@ of %2$@ visited", t.number(visited), t.number(total))
/// ```
/// Arguments are already-formatted strings: numbers, distances, dates and durations go through
/// the formatters below (in the language's locale), never `"\(int)"`.
public struct Localizer: Sendable {
    /// The module's words.
    public let catalog: StringCatalog
    /// The language they are said in.
    public let language: AppLanguage

    /// `catalog` in `language`.
    public init(_ catalog: StringCatalog, _ language: AppLanguage) {
        self.catalog = catalog
        self.language = language
    }

    /// The text for `key` (its English words) in this language, with `arguments` in its
    /// placeholders (`%@` in order, `%1$@` by position, `%%` a percent sign) and the plural form
    /// for `count` where the catalog has plural forms.
    ///
    /// A key or language the catalog lacks falls back to English, then to the key itself.
    public func callAsFunction(_ key: String, _ arguments: String..., count: Int? = nil) -> String {
        let format =
            catalog.format(key, language: language.code, count: count)
            ?? catalog.format(key, language: catalog.sourceLanguage, count: count)
            ?? key
        return Self.substitute(arguments, into: format)
    }

    /// `arguments` in the placeholders of `format`: `%@` takes the next argument, `%N$@` the
    /// N-th (1-based), `%%` is a percent sign; integer specifiers (`%lld`, `%d`, `%N$lld`) are read
    /// like `%@` so a catalog written by Xcode still works. A placeholder with no argument is left
    /// as written.
    public static func substitute(_ arguments: [String], into format: String) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            guard let placeholder = Placeholder.parse(format, at: index) else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            switch placeholder.kind {
            case .percent:
                result.append("%")
            case .argument(let position):
                let slot: Int
                if let position {
                    slot = position - 1
                } else {
                    slot = next
                    next += 1
                }
                if arguments.indices.contains(slot) {
                    result += arguments[slot]
                } else {
                    result += format[index..<placeholder.end]
                }
            }
            index = placeholder.end
        }
        return result
    }

    // MARK: - Formatters (the language's locale)

    /// A whole number: "1,234" / "1 234".
    public func number(_ value: Int) -> String {
        value.formatted(.number.locale(language.locale))
    }

    /// A number with exactly `fractionDigits` decimals: "1.5" / "1,5".
    public func number(_ value: Double, fractionDigits: Int) -> String {
        value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(language.locale))
    }

    /// A share (0.42) as a whole percentage: "42%" / "42 %".
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(language.locale))
    }

    /// A distance as a person reads it: whole metres below a kilometre ("850 m"), kilometres with
    /// one decimal below 10 km ("1.2 km" / "1,2 km"), whole kilometres above ("23 km").
    public func distance(metres: Double) -> String {
        let metres = max(0, metres)
        if metres < 999.5 { return "\(number(Int(metres.rounded()))) m" }
        let kilometres = metres / 1_000
        if kilometres < 9.95 { return "\(number(kilometres, fractionDigits: 1)) km" }
        return "\(number(Int(kilometres.rounded()))) km"
    }

    /// A duration: seconds below a minute ("45 s"), whole minutes below an hour ("5 min"), then
    /// hours and minutes ("1 h 20 min", "2 h"). The same symbols in English and Finnish.
    public func duration(seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded())
        if total < 60 { return "\(number(total)) s" }
        let minutes = Int((Double(total) / 60).rounded())
        if minutes < 60 { return "\(number(minutes)) min" }
        let hours = minutes / 60
        let rest = minutes % 60
        return rest == 0 ? "\(number(hours)) h" : "\(number(hours)) h \(number(rest)) min"
    }

    /// A calendar date in the language's numeric style: "11/29/2026" / "29.11.2026".
    public func date(_ date: Date, timeZone: TimeZone = .current) -> String {
        var style = Date.FormatStyle(date: .numeric, time: .omitted, locale: language.locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }

    /// A time of day: "9:41 AM" / "9.41".
    public func time(_ date: Date, timeZone: TimeZone = .current) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: language.locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }
}

/// A placeholder in a catalog's value.
struct Placeholder: Equatable {
    enum Kind: Equatable {
        /// `%%`.
        case percent
        /// `%@`, `%lld`, ... (`nil`: the next one) or `%N$@` (position N, 1-based).
        case argument(Int?)
    }

    var kind: Kind
    var end: String.Index

    /// The placeholder starting at `start` (a `%`), or `nil` when none starts there.
    static func parse(_ text: String, at start: String.Index) -> Placeholder? {
        var index = text.index(after: start)
        guard index < text.endIndex else { return nil }
        if text[index] == "%" { return Placeholder(kind: .percent, end: text.index(after: index)) }
        var digits = ""
        var scan = index
        while scan < text.endIndex, let digit = text[scan].wholeNumberValue, text[scan].isASCII {
            digits.append(String(digit))
            scan = text.index(after: scan)
        }
        var position: Int?
        if !digits.isEmpty, scan < text.endIndex, text[scan] == "$" {
            position = Int(digits)
            index = text.index(after: scan)
        }
        guard index < text.endIndex else { return nil }
        if text[index] == "@" { return Placeholder(kind: .argument(position), end: text.index(after: index)) }
        // Integer specifiers Xcode writes: d, i, ld, lld, u, lu, llu.
        for specifier in ["lld", "llu", "ld", "lu", "d", "i", "u"] {
            if text[index...].hasPrefix(specifier) {
                return Placeholder(kind: .argument(position), end: text.index(index, offsetBy: specifier.count))
            }
        }
        return nil
    }

    /// The argument positions `text` uses, 1-based, in order (sequential ones numbered as read).
    static func positions(in text: String) -> [Int] {
        var positions: [Int] = []
        var next = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "%", let placeholder = parse(text, at: index) {
                if case .argument(let position) = placeholder.kind {
                    if let position {
                        positions.append(position)
                    } else {
                        positions.append(next)
                        next += 1
                    }
                }
                index = placeholder.end
            } else {
                index = text.index(after: index)
            }
        }
        return positions
    }
}

/// A lexical token of an `opening_hours` value.
enum OHToken: Sendable, Hashable {
    /// Letters, lower-cased: `mo`, `jan`, `ph`, `off`.
    case word(String)
    /// Digits not part of a time, with how many digits were written (`2017` has 4).
    case number(Int, digits: Int)
    /// `h:mm` or `hh:mm`, in minutes from midnight (may exceed 1440, e.g. `26:00`).
    case time(Int)
    /// A quoted comment, without the quotes.
    case comment(String)
    case dash, comma, semicolon, colon, plus, slash, openBracket, closeBracket, doublePipe
}

/// A token and where it starts, in characters from the start of the value.
struct OHLocatedToken: Sendable, Hashable {
    var token: OHToken
    var offset: Int
}

/// Splits an `opening_hours` value into tokens; whitespace separates tokens and is dropped.
enum OHTokenizer {
    static func tokenize(_ text: String) throws(OpeningHoursParseError) -> [OHLocatedToken] {
        let chars = Array(text)
        var tokens: [OHLocatedToken] = []
        var index = 0
        func isDigit(_ offset: Int) -> Bool {
            offset < chars.count && chars[offset].isASCII && chars[offset].isNumber
        }
        while index < chars.count {
            let char = chars[index]
            let start = index
            if char.isWhitespace {
                index += 1
                continue
            }
            if char.isASCII && char.isLetter {
                while index < chars.count && chars[index].isASCII && chars[index].isLetter { index += 1 }
                tokens.append(.init(token: .word(String(chars[start..<index]).lowercased()), offset: start))
                continue
            }
            if isDigit(index) {
                while isDigit(index) { index += 1 }
                let digits = String(chars[start..<index])
                if digits.count <= 2, index < chars.count, chars[index] == ":",
                    isDigit(index + 1), isDigit(index + 2), !isDigit(index + 3),
                    let hours = Int(digits), let minutes = Int(String(chars[(index + 1)...(index + 2)]))
                {
                    guard minutes < 60 else {
                        throw OpeningHoursParseError(offset: start, reason: "minutes must be below 60")
                    }
                    index += 3
                    tokens.append(.init(token: .time(hours * 60 + minutes), offset: start))
                    continue
                }
                guard digits.count <= 4, let value = Int(digits) else {
                    throw OpeningHoursParseError(offset: start, reason: "number '\(digits)' is too long")
                }
                tokens.append(.init(token: .number(value, digits: digits.count), offset: start))
                continue
            }
            if char == "\"" {
                guard let close = chars[(index + 1)...].firstIndex(of: "\"") else {
                    throw OpeningHoursParseError(offset: start, reason: "unterminated comment")
                }
                tokens.append(.init(token: .comment(String(chars[(index + 1)..<close])), offset: start))
                index = close + 1
                continue
            }
            if char == "|" {
                guard index + 1 < chars.count, chars[index + 1] == "|" else {
                    throw OpeningHoursParseError(offset: start, reason: "expected '||'")
                }
                tokens.append(.init(token: .doublePipe, offset: start))
                index += 2
                continue
            }
            let symbol: OHToken? =
                switch char {
                case "-", "–", "—": .dash
                case ",": .comma
                case ";": .semicolon
                case ":": .colon
                case "+": .plus
                case "/": .slash
                case "[": .openBracket
                case "]": .closeBracket
                default: nil
                }
            guard let symbol else {
                throw OpeningHoursParseError(offset: start, reason: "unexpected character '\(char)'")
            }
            tokens.append(.init(token: symbol, offset: start))
            index += 1
        }
        return tokens
    }
}

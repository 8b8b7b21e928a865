/// Escaping for the XML Loci writes.
enum XMLText {
    /// Character data: `&`, `<`, `>` as references (tab and line feed stay as they are).
    static func content(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// An attribute value in double quotes: also `"`, and tab and line feed as character
    /// references so attribute-value normalisation keeps them.
    static func attribute(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x09 || $0 == 0x0A
            })
        else { return text }
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

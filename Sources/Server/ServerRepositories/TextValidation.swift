/// The check every service applies to text a client sends to be stored or echoed: no control
/// characters (Unicode category Cc: U+0000–U+001F and U+007F–U+009F). A NUL cuts text short in
/// C-string APIs (SQLite stored `"a\u{0}b"` as `"a"`) and PostgreSQL refuses it outright; the
/// others have no business in an id, a tag or a note.
public enum TextValidation {
    /// Whether `text` holds a control character; with `allowingLineBreaks` (free text such as a
    /// note), tab, line feed and carriage return are allowed.
    public static func containsControlCharacter(_ text: String, allowingLineBreaks: Bool = false) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard scalar.properties.generalCategory == .control else { return false }
            return !(allowingLineBreaks && (scalar == "\t" || scalar == "\n" || scalar == "\r"))
        }
    }

    /// What a refusal says: `"<field> contains a control character"`.
    public static func refusal(field: String) -> String {
        "\(field) contains a control character (U+0000–U+001F or U+007F–U+009F)"
    }
}

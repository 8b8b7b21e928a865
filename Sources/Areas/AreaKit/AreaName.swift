/// What an area may be called: it is a folder name on the server and a path segment of the routes,
/// so only lowercase ASCII letters, digits, `-`, `_` and `.` (not first), at most 64 characters;
/// never `.`, `..` or anything with a slash.
public enum AreaName {
    /// The longest name accepted.
    public static let maximumLength = 64

    /// Why `name` cannot name an area, or nil when it can.
    public static func problem(_ name: String) -> String? {
        guard !name.isEmpty else { return "is empty" }
        guard name.utf8.count <= maximumLength else { return "is longer than \(maximumLength) characters" }
        guard let first = name.utf8.first, Self.isLetterOrDigit(first) else {
            return "must start with a lowercase letter or a digit"
        }
        guard name.utf8.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
        else { return "may hold only lowercase letters a-z, digits, '-', '_' and '.'" }
        return nil
    }

    /// Whether `name` can name an area.
    public static func isValid(_ name: String) -> Bool { problem(name) == nil }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

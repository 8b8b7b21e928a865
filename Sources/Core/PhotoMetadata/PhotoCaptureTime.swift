import Foundation

/// When a photo was taken, from EXIF DateTimeOriginal, SubSecTimeOriginal and OffsetTimeOriginal.
///
/// The clock fields are the local wall time where the photo was taken. ``instant`` is set only
/// when the offset is known (EXIF 2.31+ OffsetTimeOriginal); otherwise the caller must pick a
/// time zone (the place's, else the device's) and say so.
public struct PhotoCaptureTime: Sendable, Equatable, Hashable, Codable {
    /// Local date and time fields (year, month, day, hour, minute, second, nanosecond).
    public var local: DateComponents
    /// The UTC offset in seconds east of Greenwich, when the file records it.
    public var utcOffsetSeconds: Int?
    /// The instant in UTC, when the offset is known.
    public var instant: Date?

    /// Parses `dateTimeOriginal` (`"YYYY:MM:DD HH:MM:SS"`, `-` or `:` between date fields),
    /// the fractional-second digits of `subSecTimeOriginal` and the `±HH:MM` of `offsetTimeOriginal`.
    ///
    /// Returns `nil` when the date is absent, blank (`"    :  :     :  :  "`) or out of range;
    /// an unreadable sub-second or offset is ignored (treated as absent).
    public init?(
        dateTimeOriginal: String?, subSecTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil
    ) {
        guard let text = dateTimeOriginal else { return nil }
        let digits = text.split(whereSeparator: { ":- T".contains($0) }).map(String.init)
        guard digits.count >= 6, digits.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else {
            return nil
        }
        let fields = digits.prefix(6).compactMap { Int($0) }
        guard fields.count == 6, (1...9999).contains(fields[0]), (1...12).contains(fields[1]),
            (1...31).contains(fields[2]),
            (0...23).contains(fields[3]), (0...59).contains(fields[4]), (0...60).contains(fields[5])
        else { return nil }
        var nanosecond = 0
        if let sub = subSecTimeOriginal?.trimmingCharacters(in: .whitespaces), !sub.isEmpty,
            sub.allSatisfy({ $0.isASCII && $0.isNumber })
        {
            let padded = (sub + "000000000").prefix(9)
            nanosecond = Int(padded) ?? 0
        }
        local = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
            second: fields[5], nanosecond: nanosecond)
        utcOffsetSeconds = offsetTimeOriginal.flatMap(Self.offsetSeconds)
        instant = nil
        if let offset = utcOffsetSeconds, let zone = TimeZone(secondsFromGMT: offset) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            instant = calendar.date(from: local)
        }
    }

    /// Reads the capture time of `metadata` (see ``init(dateTimeOriginal:subSecTimeOriginal:offsetTimeOriginal:)``).
    public init?(_ metadata: PhotoMetadata) {
        self.init(
            dateTimeOriginal: metadata.dateTimeOriginal, subSecTimeOriginal: metadata.subSecTimeOriginal,
            offsetTimeOriginal: metadata.offsetTimeOriginal)
    }

    /// Seconds east of UTC for `"+HH:MM"`, `"-HH:MM"` or `"Z"`; `nil` otherwise or beyond ±18 h.
    static func offsetSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "Z" { return 0 }
        let scalars = Array(trimmed.unicodeScalars)
        guard scalars.count == 6, scalars[0] == "+" || scalars[0] == "-", scalars[3] == ":",
            let hours = Int(String(String.UnicodeScalarView(scalars[1...2]))),
            let minutes = Int(String(String.UnicodeScalarView(scalars[4...5]))),
            hours <= 18, minutes < 60
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return scalars[0] == "-" ? -magnitude : magnitude
    }
}

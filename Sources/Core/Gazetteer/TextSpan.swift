/// A field's bytes inside the gazetteer's text buffer: `start ..< start + count`.
///
/// 32-bit offsets are enough: the loader refuses text over ``Gazetteer/maximumTextSize``.
struct TextSpan: Sendable, Equatable {
    var start: UInt32
    var count: UInt32

    init(_ range: Range<Int>) {
        start = UInt32(truncatingIfNeeded: range.lowerBound)
        count = UInt32(truncatingIfNeeded: range.count)
    }

    /// The field as a `String` (the loader has already validated it as UTF-8).
    func string(in text: [UInt8]) -> String {
        let lower = Int(start)
        return String(decoding: text[lower..<lower + Int(count)], as: UTF8.self)
    }
}

/// One gazetteer row without its coordinate (which lives in the spatial index): numbers parsed,
/// text kept as spans into the loaded buffer so that loading creates no strings.
struct GazetteerRow: Sendable {
    var geonameID: Int
    var population: Int
    var name: TextSpan
    var countryCode: TextSpan
    var admin1: TextSpan
    var admin2: TextSpan
    var timeZone: TextSpan
}

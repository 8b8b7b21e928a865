extension CategoryRegistry {
    /// A deterministic category for an OSM `key=value` the standard table does not know.
    ///
    /// - id: `"key.value"` (value cleaned as in ``category(forTags:)``; e.g. `"amenity.foo_bar"`).
    /// - displayName: the value with `_` as spaces and the first letter upper-cased (`"Foo bar"`).
    /// - symbolName: `"bag.fill"` for `shop`, `"mappin.circle.fill"` otherwise.
    /// - colorHex: from ``fallbackColorHex(for:)`` of the id, identical in every run.
    /// - searchTerms: the lower-cased display name.
    public static func fallbackCategory(key: String, value: String) -> PlaceCategory {
        let cleaned = cleanedValue(value) ?? value.lowercased()
        let id = "\(key).\(cleaned)"
        let words = cleaned.replacingOccurrences(of: "_", with: " ")
        let displayName = words.prefix(1).uppercased() + words.dropFirst()
        return PlaceCategory(
            id: id,
            displayName: displayName,
            symbolName: key == "shop" ? "bag.fill" : "mappin.circle.fill",
            colorHex: fallbackColorHex(for: id),
            searchTerms: [words])
    }

    /// A stable mid-tone colour for an id: `#RRGGBB` from the 32-bit FNV-1a hash `h` of its UTF-8
    /// bytes, each channel `0x30 + (byte % 0x90)` (so 0x30…0xBF: never near-white or near-black)
    /// with R from bits 16–23, G from bits 8–15 and B from bits 0–7 of `h`.
    public static func fallbackColorHex(for id: String) -> String {
        let hash = FNV1a.hash32(id)
        let channels = [(hash >> 16) & 0xFF, (hash >> 8) & 0xFF, hash & 0xFF].map { 0x30 + $0 % 0x90 }
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for channel in channels {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }
}

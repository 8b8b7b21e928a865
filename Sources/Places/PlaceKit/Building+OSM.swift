import Foundation
import GeoKit

extension Building {
    /// Builds a building from an OSM way or multipolygon's outer ring and tags.
    ///
    /// Returns `nil` unless `building` or `building:part` is present and not `no`, or when the
    /// ring has fewer than three distinct vertices. Height, in order of preference:
    /// 1. `height` parsed by ``parseLength(_:)`` → ``HeightSource/heightTag``;
    /// 2. (`building:levels` + `roof:levels`) × ``metresPerLevel`` → ``HeightSource/levels``
    ///    (roof levels count as full storeys; a missing `roof:levels` counts as 0);
    /// 3. otherwise `nil` → ``HeightSource/unknown``.
    /// `min_height` (parsed like `height`), else `building:min_level` × ``metresPerLevel``, gives
    /// ``minHeight``; a minimum not below the height is dropped.
    /// ``kind`` comes from ``parseKind(_:)`` of `building`; ``year`` is the first of `start_date`,
    /// `building:start_date`, `construction_date` that ``parseYear(_:)`` accepts; ``wikidataID``
    /// is `wikidata` when ``parseWikidataID(_:)`` accepts it.
    public static func fromOSM(
        type: OSMElementType, id: Int64, footprint: [Coordinate], tags: [String: String]
    ) -> Building? {
        let isBuilding = [tags["building"], tags["building:part"]].contains {
            guard let value = $0?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            return !value.isEmpty && value != "no"
        }
        guard isBuilding else { return nil }
        let levels = parseLevels(tags["building:levels"])
        let roofLevels = parseLevels(tags["roof:levels"]) ?? 0
        var height: Double?
        var source = HeightSource.unknown
        if let tagged = tags["height"].flatMap(parseLength) {
            height = tagged
            source = .heightTag
        } else if let levels {
            height = Double(levels + roofLevels) * metresPerLevel
            source = .levels
        }
        var minHeight =
            tags["min_height"].flatMap(parseLength)
            ?? parseLevels(tags["building:min_level"]).map { Double($0) * metresPerLevel }
        if let low = minHeight, let high = height, low >= high { minHeight = nil }
        let name = tags["name"].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
            $0.isEmpty ? nil : $0
        }
        let year = ["start_date", "building:start_date", "construction_date"].lazy
            .compactMap { tags[$0].flatMap(parseYear) }.first
        return Building(
            id: PlaceID(osm: type, id: id), footprint: footprint, height: height,
            heightSource: source, levels: levels, minHeight: minHeight, name: name,
            kind: tags["building"].flatMap(parseKind), year: year,
            wikidataID: tags["wikidata"].flatMap(parseWikidataID))
    }

    /// Parses a `building` value into a kind, or `nil`.
    ///
    /// Trimmed and lowercased; accepted when 1–64 characters of ASCII letters, digits, `_`, `-`
    /// or `:` that are not `yes` or `no` (`"Apartments"` → `"apartments"`). Lists
    /// (`"house;garage"`), spaces, markup and non-ASCII text are `nil`: they are not OSM kinds.
    public static func parseKind(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard (1...64).contains(value.utf8.count), value != "yes", value != "no",
            value.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || "_-:".unicodeScalars.contains($0) })
        else { return nil }
        return value
    }

    /// Parses the year of an OSM date, or `nil`; strict on purpose.
    ///
    /// Accepted (after trimming): four digits alone or followed by `-` (`"1890"`, `"1890-05"`,
    /// `"1890-05-17"`), giving a year in 1000...2100. Everything else is `nil`: approximate or
    /// vague dates (`"~1890"`, `"1890s"`, `"C19"`, `"before 1900"`, `"1890..1900"`, `"1890;1920"`),
    /// since a wrong year shown as fact is worse than none.
    public static func parseYear(_ text: String) -> Int? {
        let value = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard value.count >= 4, value[..<4].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            value.count == 4 || value[4] == UInt8(ascii: "-")
        else { return nil }
        let year = value[..<4].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (1000...2100).contains(year) ? year : nil
    }

    /// Parses a `wikidata` value: `Q` followed by 1–12 digits, the first not `0` (`"Q11259"`),
    /// after trimming; anything else (`"q42"`, `"Q42;Q43"`, a URL) is `nil`.
    public static func parseWikidataID(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces)
        let digits = value.utf8.dropFirst()
        guard value.utf8.first == UInt8(ascii: "Q"), (1...12).contains(digits.count),
            digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return value
    }

    /// Parses an OSM length in metres, or `nil`.
    ///
    /// Accepted: `"12"`, `"12.5"`, `"12 m"`, `"12.5m"`, `"12 metres"`/`"meters"`, `"40 ft"`/`"feet"`
    /// (× 0.3048), `"12'6\""` (feet and inches), and a decimal comma `"12,5"` → 12.5 (a common
    /// European mistake; a comma with three digits after it, as in `"1,200"`, is refused as
    /// ambiguous). Results must be finite, > 0 and ≤ 1000 m (taller than any building); anything
    /// else — `"tall"`, `"3 floors"`, `"10;12"`, `"-5"` — is `nil`.
    public static func parseLength(_ text: String) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces).lowercased()
        var factor = 1.0
        if let feetInches = parseFeetAndInches(body) { return plausible(feetInches) }
        for (suffix, multiplier) in [
            ("metres", 1.0), ("meters", 1.0), ("metre", 1.0), ("meter", 1.0), ("m", 1.0),
            ("feet", 0.3048), ("foot", 0.3048), ("ft", 0.3048),
        ] where body.hasSuffix(suffix) {
            body = String(body.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            factor = multiplier
            break
        }
        if let comma = body.firstIndex(of: ",") {
            let decimals = body[body.index(after: comma)...]
            guard decimals.count != 3, !decimals.contains(",") else { return nil }
            body.replaceSubrange(comma...comma, with: ".")
        }
        guard !body.isEmpty,
            body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(body)
        else { return nil }
        return plausible(value * factor)
    }

    /// `12'6"` or `12'` → metres, or `nil` if `text` is not in that form.
    static func parseFeetAndInches(_ text: String) -> Double? {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count == 2, let feet = Double(parts[0].trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        let inchesText = parts[1].trimmingCharacters(in: .whitespaces)
        if inchesText.isEmpty { return feet * 0.3048 }
        guard inchesText.hasSuffix("\""),
            let inches = Double(inchesText.dropLast().trimmingCharacters(in: .whitespaces))
        else { return nil }
        return feet * 0.3048 + inches * 0.0254
    }

    /// Parses a level count: a non-negative integer, or a decimal rounded down (`"3.5"` → 3);
    /// `nil` for anything else or above 300.
    public static func parseLevels(_ text: String?) -> Int? {
        guard let body = text?.trimmingCharacters(in: .whitespaces), !body.isEmpty,
            body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(body), value.isFinite, value >= 0, value <= 300
        else { return nil }
        return Int(value.rounded(.down))
    }

    private static func plausible(_ metres: Double) -> Double? {
        metres.isFinite && metres > 0 && metres <= 1000 ? metres : nil
    }
}

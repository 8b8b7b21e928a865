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
        return Building(
            id: PlaceID(osm: type, id: id), footprint: footprint, height: height,
            heightSource: source, levels: levels, minHeight: minHeight, name: name)
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

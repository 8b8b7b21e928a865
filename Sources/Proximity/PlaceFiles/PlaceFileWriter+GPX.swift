import Foundation
import ProximityKit

extension PlaceFileWriter {
    /// The namespace of Loci's waypoint extensions (`<loci:id>`, `<loci:radius_m>`,
    /// `<loci:opening_hours>`); readers that do not know it skip them, as GPX 1.1 intends.
    public static let gpxNamespace = "urn:loci:gpx:places:1"

    /// GPX 1.1: the trip's name as the metadata name, one `<wpt>` per place with `<name>`,
    /// `<desc>` (the note) and `<type>` (the category), the rest in Loci's extensions.
    static func gpx(_ places: [SavedPlace], tripName: String) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Loci" xmlns="http://www.topografix.com/GPX/1/1" xmlns:loci="\(gpxNamespace)">
              <metadata><name>\(escaped(tripName))</name></metadata>

            """
        for place in places {
            text += "  <wpt lat=\"\(decimal(place.coordinate.latitude))\" lon=\"\(decimal(place.coordinate.longitude))\">"
            text += "<name>\(escaped(place.name))</name>"
            if let note = place.note { text += "<desc>\(escaped(note))</desc>" }
            if let category = place.category { text += "<type>\(escaped(category))</type>" }
            text += "<extensions><loci:id>\(escaped(place.id))</loci:id>"
            if let radius = place.alertRadius { text += "<loci:radius_m>\(decimal(radius))</loci:radius_m>" }
            if let hours = place.openingHours { text += "<loci:opening_hours>\(escaped(hours.raw))</loci:opening_hours>" }
            text += "</extensions></wpt>\n"
        }
        text += "</gpx>\n"
        return Data(text.utf8)
    }

    /// A number as an XML Schema decimal (no exponent): the shortest text that reads back as the
    /// same `Double`, or nine decimals for the rare value Swift would print with an exponent.
    static func decimal(_ value: Double) -> String {
        let shortest = "\(value)"
        guard shortest.contains("e") else { return shortest }
        var fixed = String(format: "%.9f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    /// Text safe in element content and attributes; characters XML 1.0 forbids are dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}

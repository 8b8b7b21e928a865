import Foundation
import LibraryKit

/// The GPX 1.1 form: a `wpt` per bookmark with a coordinate (`time` = created, `name`, `desc` =
/// note, `extensions` holding its `loci:bookmark`); the root's `extensions` hold `loci:library`
/// (lists, searches, weights, bookmarks without a coordinate). Valid against the GPX 1.1 schema.
/// Waypoints without Loci data import as custom bookmarks.
enum GPXLibraryFormat {
    static func write(_ library: Library) -> [UInt8] {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<gpx version=\"1.1\" creator=\"Loci\" xmlns=\"http://www.topografix.com/GPX/1/1\" \(LociXML.declaration)"
        out += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        out +=
            " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n"
        out += "  <metadata><name>Loci library</name></metadata>\n"
        var unplaced: [Bookmark] = []
        for b in library.bookmarks {
            guard let c = b.coordinate else {
                unplaced.append(b)
                continue
            }
            out +=
                "  <wpt lat=\"\(ExchangeValues.degrees(c.latitude))\" lon=\"\(ExchangeValues.degrees(c.longitude))\">"
            out += "<time>\(LibraryTime.format(b.created))</time><name>\(XMLText.content(b.name))</name>"
            if !b.note.isEmpty { out += "<desc>\(XMLText.content(b.note))</desc>" }
            out +=
                "<extensions>" + LociXML.bookmark(b, withText: false, indent: "").dropLast()
                + "</extensions></wpt>\n"
        }
        out +=
            "  <extensions>\n" + LociXML.library(library, unplaced: unplaced, indent: "    ")
            + "  </extensions>\n</gpx>\n"
        return Array(out.utf8)
    }

    static func read(_ bytes: [UInt8], now: Date) throws(LibraryError) -> Library {
        let root = try XMLNode.parse(bytes)
        guard root.localName == "gpx" else {
            throw LibraryError("the root is <\(root.name.prefix(40))>, not <gpx>", at: "line \(root.line)")
        }
        let prefix = LociXML.prefix(of: root)
        var library = Library()
        for node in root.children {
            switch node.localName {
            case "wpt":
                let at = "line \(node.line)"
                guard let latText = node.attribute("lat"), let lonText = node.attribute("lon") else {
                    throw LibraryError("a waypoint needs lat and lon", at: at)
                }
                let lat = try ExchangeValues.number(latText, at + " lat")
                let lon = try ExchangeValues.number(lonText, at + " lon")
                let name = node.child("name")?.text
                let note = node.child("desc")?.text
                if let loci = node.child("extensions")?.children.first(where: {
                    LociXML.isLoci($0, "bookmark", prefix)
                }) {
                    library.bookmarks.append(
                        try LociXML.readBookmark(
                            loci, prefix: prefix, name: name, note: note, coordinate: (lat, lon)))
                } else {
                    // Another tool's time without a zone (or unreadable) gives way to the import time.
                    let created = node.child("time").flatMap {
                        LibraryTime.parse($0.text.trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                    library.bookmarks.append(
                        Bookmark(
                            id: ExchangeValues.foreignID("gpx", name ?? "", latText, lonText),
                            place: PlaceReference(provider: .custom, id: "gpx:\(latText),\(lonText)"),
                            name: name ?? "Waypoint \(library.bookmarks.count + 1)",
                            coordinate: try ExchangeValues.coordinate(lat, lon, at),
                            note: note ?? node.child("cmt")?.text ?? "",
                            created: created ?? now))
                }
            case "extensions":
                if let loci = node.children.first(where: { LociXML.isLoci($0, "library", prefix) }) {
                    try LociXML.readLibrary(loci, prefix: prefix, into: &library)
                }
            default: continue
            }
        }
        return library
    }
}

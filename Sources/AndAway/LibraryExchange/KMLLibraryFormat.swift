import Foundation
import LibraryKit

/// The KML 2.2 form: a `Document` whose `ExtendedData` holds `loci:library` (lists, searches,
/// weights) and a `Placemark` per bookmark (`name`, `description` = note, `TimeStamp` = created,
/// `ExtendedData` with its `loci:bookmark`, a `Point` when it has a coordinate). Valid against
/// the OGC KML 2.2 schema. Placemarks without Loci data (from Google Earth or My Maps) import as
/// custom bookmarks from their first point.
enum KMLLibraryFormat {
    static func write(_ library: Library) -> [UInt8] {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\" \(LociXML.declaration)>\n<Document>\n  <name>Loci library</name>\n"
        out +=
            "  <ExtendedData>\n" + LociXML.library(library, unplaced: [], indent: "    ")
            + "  </ExtendedData>\n"
        for b in library.bookmarks {
            out += "  <Placemark><name>\(XMLText.content(b.name))</name>"
            if !b.note.isEmpty { out += "<description>\(XMLText.content(b.note))</description>" }
            out += "<TimeStamp><when>\(LibraryTime.format(b.created))</when></TimeStamp>"
            out +=
                "<ExtendedData>" + LociXML.bookmark(b, withText: false, indent: "").dropLast()
                + "</ExtendedData>"
            if let c = b.coordinate {
                out +=
                    "<Point><coordinates>\(ExchangeValues.degrees(c.longitude)),\(ExchangeValues.degrees(c.latitude))</coordinates></Point>"
            }
            out += "</Placemark>\n"
        }
        return Array((out + "</Document>\n</kml>\n").utf8)
    }

    static func read(_ bytes: [UInt8], now: Date) throws(LibraryError) -> Library {
        let root = try XMLNode.parse(bytes)
        guard root.localName == "kml" else {
            throw LibraryError("the root is <\(root.name.prefix(40))>, not <kml>", at: "line \(root.line)")
        }
        let prefix = LociXML.prefix(of: root)
        var library = Library()
        func walk(_ node: XMLNode) throws(LibraryError) {
            for child in node.children {
                switch child.localName {
                case "Document", "Folder": try walk(child)
                case "ExtendedData":
                    if let loci = child.children.first(where: { LociXML.isLoci($0, "library", prefix) }) {
                        try LociXML.readLibrary(loci, prefix: prefix, into: &library)
                    }
                case "Placemark": try placemark(child)
                default: continue
                }
            }
        }
        func placemark(_ node: XMLNode) throws(LibraryError) {
            let at = "line \(node.line)"
            let name = node.child("name")?.text
            let note = node.child("description")?.text
            var coordinate: (Double, Double)?
            if let text = firstCoordinates(node) {
                let parts =
                    text.trimmingCharacters(in: .whitespacesAndNewlines).split(whereSeparator: {
                        $0 == " " || $0 == "\n" || $0 == "\t"
                    })
                    .first?.split(separator: ",") ?? []
                guard parts.count >= 2 else {
                    throw LibraryError("coordinates '\(text.prefix(40))' are not lon,lat", at: at)
                }
                coordinate = (
                    try ExchangeValues.number(String(parts[1]), at + " latitude"),
                    try ExchangeValues.number(String(parts[0]), at + " longitude")
                )
            }
            if let loci = node.child("ExtendedData")?.children.first(where: {
                LociXML.isLoci($0, "bookmark", prefix)
            }) {
                library.bookmarks.append(
                    try LociXML.readBookmark(
                        loci, prefix: prefix, name: name, note: note, coordinate: coordinate))
                return
            }
            guard let coordinate else { return }  // a foreign line or polygon: not a place
            // Another tool's time may be a bare date or year (KML allows both): then the import time.
            let when = node.child("TimeStamp")?.child("when")?.text
            library.bookmarks.append(
                Bookmark(
                    id: ExchangeValues.foreignID("kml", name ?? "", "\(coordinate.0)", "\(coordinate.1)"),
                    place: PlaceReference(provider: .custom, id: "kml:\(coordinate.0),\(coordinate.1)"),
                    name: name ?? "Placemark \(library.bookmarks.count + 1)",
                    coordinate: try ExchangeValues.coordinate(coordinate.0, coordinate.1, at),
                    note: note ?? "",
                    created: when.flatMap {
                        LibraryTime.parse($0.trimmingCharacters(in: .whitespacesAndNewlines))
                    } ?? now))
        }
        try walk(root)
        return library
    }

    /// The text of the first `Point`'s `coordinates` in a placemark (directly or in a MultiGeometry).
    static func firstCoordinates(_ node: XMLNode) -> String? {
        if let point = node.child("Point") { return point.child("coordinates")?.text }
        if let multi = node.child("MultiGeometry") { return firstCoordinates(multi) }
        return nil
    }
}

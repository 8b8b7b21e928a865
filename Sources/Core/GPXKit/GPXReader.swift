import GeoKit
import XMLPull

/// Reads GPX 1.1 (and 1.0) files: waypoints, routes, tracks with their segments.
///
/// Streaming over ``XMLPull/XMLPullReader`` (no DTDs, bounded memory). Namespace prefixes are
/// ignored (`gpx:trkpt` reads as `trkpt`); unknown elements are skipped, and so is `<extensions>`
/// except the leaf elements directly inside a waypoint's (``GPXPoint/extensions``). A
/// point needs valid `lat` and `lon` attributes; `<ele>`, `<time>` (ISO 8601), `<hdop>` must
/// parse when present. Every refusal says what and where (line, column, byte).
public enum GPXReader {
    /// Reads the file at `path`.
    public static func read(path: String) throws(GPXError) -> GPXDocument {
        let source: XMLFileSource
        do { source = try XMLFileSource(path: path) } catch { throw GPXError("cannot open: \(error.kind)", path: path) }
        do {
            return try read(XMLPullReader(source: source))
        } catch {
            var error = error
            error.path = path
            throw error
        }
    }

    /// Reads a document from bytes.
    public static func read(bytes: [UInt8]) throws(GPXError) -> GPXDocument {
        try read(XMLPullReader(bytes: bytes))
    }

    private static func position(_ reader: XMLPullReader) -> XMLPositionDescription {
        let p = reader.position
        return XMLPositionDescription(line: p.line, column: p.column, offset: p.offset)
    }

    private static func localName(_ name: String) -> Substring {
        name.split(separator: ":", maxSplits: 1).last ?? Substring(name)
    }

    static func read(_ reader: XMLPullReader) throws(GPXError) -> GPXDocument {
        var document = GPXDocument()
        var stack: [Substring] = []
        var point: GPXPoint?
        var route: GPXRoute?
        var track: GPXTrack?
        var segment: [GPXPoint]?
        var text = ""
        var skipDepth: Int?
        var extensionDepth: Int?
        do {
            while let event = try reader.next() {
                switch event {
                case .startElement:
                    let name = localName(reader.name)
                    stack.append(name)
                    text = ""
                    if skipDepth != nil || extensionDepth != nil { continue }
                    if stack.count == 1 {
                        guard name == "gpx" else { throw GPXError("not a GPX file: the root element is <\(reader.name)>", at: position(reader)) }
                        document.creator = reader.attributeValue(named: "creator")
                        continue
                    }
                    switch name {
                    case "wpt", "rtept", "trkpt":
                        point = try readPoint(reader)
                    case "rte": route = GPXRoute()
                    case "trk": track = GPXTrack()
                    case "trkseg": segment = []
                    case "extensions" where point != nil && stack.count >= 2 && stack[stack.count - 2] == "wpt":
                        extensionDepth = stack.count
                    case "extensions", "metadata", "link", "author", "copyright", "bounds": skipDepth = stack.count
                    default: break
                    }
                case .text:
                    if skipDepth == nil { text += reader.text }
                case .endElement:
                    let name = stack.popLast() ?? ""
                    if let depth = skipDepth {
                        if stack.count < depth { skipDepth = nil }
                        continue
                    }
                    let value = text.trimmingSpaces()
                    text = ""
                    if let depth = extensionDepth {
                        if stack.count == depth { point?.extensions[String(name)] = value }
                        if stack.count < depth { extensionDepth = nil }
                        continue
                    }
                    let parent = stack.last ?? ""
                    switch name {
                    case "wpt": if let p = point { document.waypoints.append(p) }; point = nil
                    case "rtept": if let p = point { route?.points.append(p) }; point = nil
                    case "trkpt": if let p = point { segment?.append(p) }; point = nil
                    case "rte": if let r = route { document.routes.append(r) }; route = nil
                    case "trkseg": if let s = segment { track?.segments.append(s) }; segment = nil
                    case "trk": if let t = track { document.tracks.append(t) }; track = nil
                    case "ele" where point != nil: point?.elevation = try number(value, "ele", reader)
                    case "hdop" where point != nil: point?.hdop = try number(value, "hdop", reader)
                    case "time" where point != nil:
                        guard let time = GPXTime.parse(value) else {
                            throw GPXError("<time> '\(value.prefix(40))' is not an ISO 8601 date-time", at: position(reader))
                        }
                        point?.time = time
                    case "name" where point != nil: point?.name = value
                    case "desc" where point != nil: point?.description = value
                    case "type" where point != nil: point?.type = value
                    case "name" where parent == "rte": route?.name = value
                    case "name" where parent == "trk": track?.name = value
                    default: break
                    }
                }
            }
        } catch let error as GPXError {
            throw error
        } catch let error as XMLError {
            throw GPXError("malformed XML: \(error.kind)", at: XMLPositionDescription(line: error.position.line, column: error.position.column, offset: error.position.offset))
        } catch {
            throw GPXError("\(error)")
        }
        return document
    }

    private static func readPoint(_ reader: XMLPullReader) throws(GPXError) -> GPXPoint {
        guard let latText = reader.attributeValue(named: "lat"), let lonText = reader.attributeValue(named: "lon") else {
            throw GPXError("<\(reader.name)> needs lat and lon attributes", at: position(reader))
        }
        guard let lat = Double(latText.trimmingSpaces()), let lon = Double(lonText.trimmingSpaces()),
            let coordinate = try? Coordinate(latitude: lat, longitude: lon)
        else {
            throw GPXError("<\(reader.name)> has an invalid position lat=\"\(latText.prefix(30))\" lon=\"\(lonText.prefix(30))\"", at: position(reader))
        }
        return GPXPoint(coordinate: coordinate)
    }

    private static func number(_ text: String, _ element: String, _ reader: XMLPullReader) throws(GPXError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw GPXError("<\(element)> '\(text.prefix(40))' is not a number", at: position(reader))
        }
        return value
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

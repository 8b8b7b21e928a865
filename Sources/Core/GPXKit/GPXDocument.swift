import GeoKit

/// A GPX 1.1 (or 1.0) document: waypoints, routes and tracks.
public struct GPXDocument: Sendable, Equatable {
    /// The `creator` attribute.
    public var creator: String?
    /// `<wpt>` elements.
    public var waypoints: [GPXPoint] = []
    /// `<rte>` elements.
    public var routes: [GPXRoute] = []
    /// `<trk>` elements.
    public var tracks: [GPXTrack] = []

    /// An empty document.
    public init(creator: String? = nil) {
        self.creator = creator
    }

    /// Every track point of every track and segment, in document order.
    public var trackPoints: [GPXPoint] { tracks.flatMap { $0.segments.flatMap { $0 } } }
}

/// A point: `<wpt>`, `<rtept>` or `<trkpt>`.
public struct GPXPoint: Sendable, Equatable {
    /// Position (WGS84).
    public var coordinate: Coordinate
    /// `<ele>`, metres.
    public var elevation: Double?
    /// `<time>`, seconds since 1970 UTC.
    public var time: Double?
    /// `<name>`.
    public var name: String?
    /// `<desc>`.
    public var description: String?
    /// `<hdop>`.
    public var hdop: Double?
    /// `<type>`: the point's classification ("cafe", "Restaurant"), as the file words it.
    public var type: String?
    /// For a `<wpt>`, the text of each leaf element directly inside its `<extensions>`, by local name
    /// (the namespace prefix dropped: `<loci:radius_m>` is `radius_m`); a name given twice keeps
    /// the last. Deeper structures, and the extensions of route and track points, are not read.
    public var extensions: [String: String]

    /// Creates a point.
    public init(
        coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil, name: String? = nil, description: String? = nil,
        hdop: Double? = nil, type: String? = nil, extensions: [String: String] = [:]
    ) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.name = name
        self.description = description
        self.hdop = hdop
        self.type = type
        self.extensions = extensions
    }
}

/// `<rte>`: an ordered list of points to follow.
public struct GPXRoute: Sendable, Equatable {
    /// `<name>`.
    public var name: String?
    /// `<rtept>` elements.
    public var points: [GPXPoint] = []
}

/// `<trk>`: what was recorded, in segments (a new segment after a loss of signal).
public struct GPXTrack: Sendable, Equatable {
    /// `<name>`.
    public var name: String?
    /// `<trkseg>` elements, each a list of `<trkpt>`.
    public var segments: [[GPXPoint]] = []
}

/// Why a GPX file was refused: what, and where (line, column, byte offset).
public struct GPXError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Where, when known.
    public var position: XMLPositionDescription?
    /// The file, when read from one.
    public var path: String?

    /// Creates an error.
    public init(_ message: String, at position: XMLPositionDescription? = nil, path: String? = nil) {
        self.message = message
        self.position = position
        self.path = path
    }

    public var description: String {
        [path, position?.text].compactMap { $0 }.joined(separator: ": ") + (path == nil && position == nil ? "" : ": ") + message
    }
}

/// A position in the file as text ("line 3, column 7 (byte 88)"), so GPXKit's public API does
/// not expose the XML reader's types.
public struct XMLPositionDescription: Sendable, Equatable {
    /// Line, from 1.
    public var line: Int
    /// Column, from 1.
    public var column: Int
    /// Byte offset, from 0.
    public var offset: Int
    /// "line 3, column 7 (byte 88)".
    public var text: String { "line \(line), column \(column) (byte \(offset))" }
}

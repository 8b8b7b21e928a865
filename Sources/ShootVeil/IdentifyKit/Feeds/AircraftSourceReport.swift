/// Where an identification's aircraft came from, said in the answer so a missing aircraft is
/// never silent: given with the request, fetched from the configured feed, no feed configured,
/// or the feed failed (buildings and landmarks are answered either way).
public struct AircraftSourceReport: Sendable, Hashable {
    /// The four cases; the raw values are the wire's `aircraft.source`.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A snapshot came with the request (a file or a URL given for this identification).
        case request
        /// The configured live feed answered.
        case feed
        /// No feed is configured and none was given: aircraft were left out.
        case none
        /// The configured feed failed or its snapshot is not of the capture's moment: left out.
        case failed
    }

    /// Where the aircraft came from.
    public var source: Source
    /// The feed's name, with ``Source/feed`` and ``Source/failed``.
    public var feed: String?
    /// Aircraft searched (with a position), when a snapshot was used.
    public var count: Int?
    /// Why aircraft were left out, in one sentence, with ``Source/none`` and ``Source/failed``.
    public var note: String?

    /// A report from its parts.
    public init(source: Source, feed: String? = nil, count: Int? = nil, note: String? = nil) {
        self.source = source
        self.feed = feed
        self.count = count
        self.note = note
    }

    /// Aircraft were left out because no feed is configured.
    public static let noFeed = AircraftSourceReport(
        source: .none,
        note: "no aircraft feed is configured (set --aircraft-feed URL|opensky or LOCI_AIRCRAFT_FEED): aircraft left out")

    /// The one line the CLI prints for it.
    public var line: String {
        switch source {
        case .request: "aircraft: \(count ?? 0) from the given snapshot"
        case .feed: "aircraft: \(count ?? 0) from \(feed ?? "the feed")"
        case .none, .failed: "aircraft: \(note ?? "left out")"
        }
    }
}

import GPXKit
import GeoKit

extension LocationFix {
    /// Metres of horizontal accuracy per unit of a GPX point's `<hdop>`.
    public static let metresPerHDOP = 5.0
    /// The accuracy of a recorded point that carries no `<hdop>`, metres (what an hdop of 2 gives).
    public static let accuracyWithoutHDOP = 10.0

    /// The one rule for how accurate a recorded point was: 5 m × `hdop`, or 10 m when the
    /// recording has no hdop (a GPS receiver's typical 2 × 5 m).
    public static func accuracy(hdop: Double?) -> Double {
        hdop.map { $0 * metresPerHDOP } ?? accuracyWithoutHDOP
    }

    /// A fix from a GPX track point, with ``accuracy(hdop:)``; `nil` when the point has no `<time>`.
    public init?(trackPoint point: GPXPoint) {
        guard let time = point.time else { return nil }
        self.init(coordinate: point.coordinate, accuracy: Self.accuracy(hdop: point.hdop), time: time)
    }
}

/// Why a recorded track cannot be replayed.
public enum RecordedTrackError: Error, Equatable, CustomStringConvertible {
    /// Track point `number` (1-based, in document order) has no `<time>`.
    case untimedPoint(number: Int)
    /// The document has no track points.
    case noTrackPoints

    /// What is wrong, in words (the CLI puts the file's path before it).
    public var description: String {
        switch self {
        case .untimedPoint(let number): "track point \(number) has no <time>; replay needs timestamps"
        case .noTrackPoints: "no track points"
        }
    }
}

/// A recorded GPX track as the planner sees it: its track points as ``LocationFix``es.
public enum RecordedTrack {
    /// Every track point as a fix, in document order; refuses a point without `<time>` (a replay
    /// needs every timestamp) and a document without track points.
    public static func fixes(_ document: GPXDocument) throws(RecordedTrackError) -> [LocationFix] {
        var fixes: [LocationFix] = []
        for (index, point) in document.trackPoints.enumerated() {
            guard let fix = LocationFix(trackPoint: point) else { throw .untimedPoint(number: index + 1) }
            fixes.append(fix)
        }
        guard !fixes.isEmpty else { throw .noTrackPoints }
        return fixes
    }

    /// The timed track points as fixes, skipping any without `<time>` (for workloads and tests
    /// that take whatever a recording has).
    public static func timedFixes(_ document: GPXDocument) -> [LocationFix] {
        document.trackPoints.compactMap(LocationFix.init(trackPoint:))
    }
}

/// The replay use case behind `loci proximity replay`: a recorded track against a set of saved
/// places and their trips, through a fresh ``ProximityPlanner`` (default configuration) woken as
/// `mode` says.
public struct ProximityReplay: Sendable {
    /// The fixes replayed (every track point, in order).
    public let fixes: [LocationFix]
    /// What the replay produced.
    public let report: ReplayReport

    /// Replays `track` against `places` (in `trips`); throws when the track has an untimed point or none.
    public init(track: GPXDocument, places: [SavedPlace], trips: [Trip], mode: WakeupMode) throws(RecordedTrackError) {
        let fixes = try RecordedTrack.fixes(track)
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: trips))
        self.fixes = fixes
        self.report = TrackReplay(planner: planner, mode: mode).run(fixes)
    }
}

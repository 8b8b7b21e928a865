import Foundation
import GPXKit
import GeoKit
import Testing
@testable import ProximityKit

/// The one accuracy rule for recorded points and the replay use case over a committed track.
@Suite("Recorded tracks: the hdop rule and the replay use case")
struct RecordedTrackTests {
    static let point = GPXPoint(coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94), time: 1_750_000_000)

    @Test("accuracy is 5 m × hdop, and 10 m when the point has none")
    func accuracyRule() throws {
        #expect(LocationFix.accuracy(hdop: 1.2) == 6)
        #expect(LocationFix.accuracy(hdop: 4) == 20)
        #expect(LocationFix.accuracy(hdop: nil) == 10)
        var point = Self.point
        point.hdop = 3
        let fix = try #require(LocationFix(trackPoint: point))
        #expect(fix.accuracy == 15)
        #expect(fix.time == 1_750_000_000)
        #expect(fix.coordinate == point.coordinate)
        #expect(LocationFix(trackPoint: Self.point)?.accuracy == 10)
    }

    @Test("a point without <time> makes no fix: refused by number for a replay, skipped for timed fixes")
    func untimedPoints() throws {
        var untimed = Self.point
        untimed.time = nil
        #expect(LocationFix(trackPoint: untimed) == nil)
        let document = try GPXReader.read(
            bytes: Array(
                """
                <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="test"><trk><trkseg>
                <trkpt lat="60.17" lon="24.94"><time>2025-06-16T07:30:00Z</time></trkpt>
                <trkpt lat="60.17" lon="24.94"></trkpt>
                <trkpt lat="60.17" lon="24.94"><time>2025-06-16T07:30:01Z</time><hdop>1</hdop></trkpt>
                </trkseg></trk></gpx>
                """.utf8))
        #expect(throws: RecordedTrackError.untimedPoint(number: 2)) { try RecordedTrack.fixes(document) }
        #expect(RecordedTrackError.untimedPoint(number: 2).description == "track point 2 has no <time>; replay needs timestamps")
        #expect(RecordedTrack.timedFixes(document).map(\.accuracy) == [10, 5])
        #expect(throws: RecordedTrackError.noTrackPoints) { try RecordedTrack.fixes(GPXDocument()) }
    }

    @Test("the replay use case reads the committed walk with its hdop and reports what the planner does")
    func replayCommittedWalk() throws {
        let folder = CommittedTrackTests.folder
        let document = try GPXReader.read(path: folder.appendingPathComponent("walk-kallio-to-market.gpx").path)
        let set = try PlaceSet(json: Data(contentsOf: folder.appendingPathComponent("walk-kallio-to-market.places.json")))
        let points = document.trackPoints
        let replay = try ProximityReplay(track: document, places: set.places, trips: [set.trip], mode: .everyFix)
        #expect(replay.fixes.count == points.count)
        for (fix, point) in zip(replay.fixes, points) {
            #expect(fix.accuracy == (try #require(point.hdop)) * 5)
        }
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: set.places, trips: [set.trip]))
        let direct = TrackReplay(planner: planner, mode: .everyFix).run(replay.fixes)
        #expect(!replay.report.timeline.isEmpty)
        #expect(replay.report.timeline == direct.timeline)
        #expect(replay.report.wakeIndices == direct.wakeIndices)
    }
}

import GPXKit
import GeoKit
import Testing

@Suite("GPX reader")
struct GPXReaderTests {
    let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Loci test" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><name>ignored</name><time>not a time but inside metadata</time></metadata>
          <wpt lat="60.1699" lon="24.9384"><ele>12.5</ele><name>Senate Square &amp; Cathedral</name></wpt>
          <rte><name>Route A</name>
            <rtept lat="60.17" lon="24.94"/><rtept lat="60.18" lon="24.95"><name>end</name></rtept>
          </rte>
          <trk><name>Walk</name>
            <trkseg>
              <trkpt lat="60.1" lon="24.9"><ele>5</ele><time>2025-06-16T07:30:00Z</time><hdop>1.2</hdop></trkpt>
              <trkpt lat="60.2" lon="-24.9"><time>2025-06-16T10:30:01.5+03:00</time><extensions><speed>1</speed></extensions></trkpt>
            </trkseg>
            <trkseg><trkpt lat="-33.9" lon="151.2"><time>2025-06-16T07:31:00</time></trkpt></trkseg>
          </trk>
        </gpx>
        """

    @Test("reads waypoints, routes, tracks with segments, elevation, hdop and ISO 8601 times in any zone")
    func readsEverything() throws {
        let doc = try GPXReader.read(bytes: Array(sample.utf8))
        #expect(doc.creator == "Loci test")
        #expect(doc.waypoints.count == 1)
        #expect(doc.waypoints[0].name == "Senate Square & Cathedral")
        #expect(doc.waypoints[0].elevation == 12.5)
        #expect(doc.routes.first?.name == "Route A")
        #expect(doc.routes.first?.points.count == 2)
        #expect(doc.routes.first?.points.last?.name == "end")
        #expect(doc.tracks.first?.name == "Walk")
        #expect(doc.tracks.first?.segments.map(\.count) == [2, 1])
        let points = doc.trackPoints
        #expect(points[0].time == 1_750_059_000)  // 2025-06-16T07:30:00Z
        #expect(points[1].time == 1_750_059_001.5)  // 10:30:01.5 at +03:00 is 07:30:01.5Z
        #expect(points[2].time == 1_750_059_060)  // no zone: read as UTC
        #expect(points[0].hdop == 1.2)
        #expect(points[1].coordinate.longitude == -24.9)
    }

    @Test("a waypoint's <type> and the leaf elements of its <extensions> are read; a track point's extensions are not")
    func waypointTypeAndExtensions() throws {
        let text = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:loci="https://loci.invalid/gpx/1">
              <wpt lat="60.17" lon="24.94"><name>Regatta</name><type>cafe</type>
                <extensions><loci:radius_m> 150 </loci:radius_m><loci:id>osm:node/1</loci:id>
                  <other><deep>ignored</deep></other></extensions></wpt>
              <wpt lat="60.18" lon="24.95"><name>Plain</name></wpt>
              <trk><trkseg><trkpt lat="1" lon="2"><type>walk</type><extensions><speed>1</speed></extensions></trkpt></trkseg></trk>
            </gpx>
            """
        let doc = try GPXReader.read(bytes: Array(text.utf8))
        #expect(doc.waypoints.map(\.type) == ["cafe", nil])
        #expect(doc.waypoints[0].extensions["radius_m"] == "150")
        #expect(doc.waypoints[0].extensions["id"] == "osm:node/1")
        #expect(doc.waypoints[0].extensions["deep"] == nil)
        #expect(doc.waypoints[0].name == "Regatta")
        #expect(doc.waypoints[1].extensions.isEmpty)
        #expect(doc.trackPoints.first?.extensions.isEmpty == true)
        #expect(doc.trackPoints.first?.type == "walk")
    }

    @Test("a prefixed GPX namespace reads the same")
    func prefixed() throws {
        let text = #"<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1"><g:trk><g:trkseg><g:trkpt lat="1" lon="2"/></g:trkseg></g:trk></g:gpx>"#
        #expect(try GPXReader.read(bytes: Array(text.utf8)).trackPoints.count == 1)
    }

    @Test("hostile or broken files are refused with what and where", arguments: [
        ("<kml></kml>", "root element is <kml>"),
        (#"<gpx><wpt lon="1"/></gpx>"#, "needs lat and lon"),
        (#"<gpx><wpt lat="95" lon="1"/></gpx>"#, "invalid position"),
        (#"<gpx><wpt lat="NaN" lon="1"/></gpx>"#, "invalid position"),
        (#"<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>yesterday</time></trkpt></trkseg></trk></gpx>"#, "not an ISO 8601"),
        (#"<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2025-02-30T00:00:00Z</time></trkpt></trkseg></trk></gpx>"#, "not an ISO 8601"),
        (#"<gpx><wpt lat="1" lon="2"><ele>high</ele></wpt></gpx>"#, "not a number"),
        (#"<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkseg></trk></gpx>"#, "malformed XML"),
        ("<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><gpx>&lol2;</gpx>", "malformed XML"),
        ("", "malformed XML"),
    ])
    func refusals(text: String, expected: String) {
        #expect {
            _ = try GPXReader.read(bytes: Array(text.utf8))
        } throws: { error in
            let message = "\(error)"
            return message.contains(expected) && (text.isEmpty || message.contains("line"))
        }
    }

    @Test("the error for a file names the file")
    func namesTheFile() {
        #expect {
            _ = try GPXReader.read(path: "/nonexistent/track.gpx")
        } throws: { error in
            "\(error)".contains("/nonexistent/track.gpx")
        }
    }
}

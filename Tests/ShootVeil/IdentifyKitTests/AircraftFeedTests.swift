import Foundation
import LociTestSupport
import PhotoMetadata
import Testing

@testable import IdentifyKit

@Suite struct AircraftFeedTests {
    func readsbError(_ json: String) -> AircraftFeedError? {
        do {
            _ = try AircraftFeed.readsbAircraft(Data(json.utf8))
            return nil
        } catch { return error }
    }

    func openSkyError(_ json: String) -> AircraftFeedError? {
        do {
            _ = try AircraftFeed.openSkyStates(Data(json.utf8))
            return nil
        } catch { return error }
    }

    @Test(
        .enabled(
            if: SharedData.has("adsb/readsb-aircraft-irvine.json"),
            Comment(rawValue: SharedData.missingMessage("the readsb snapshot"))))
    func realReadsbSnapshot() throws {
        let snapshot = try AircraftFeed.readsbAircraft(
            Data(contentsOf: SharedData.url("adsb/readsb-aircraft-irvine.json")))
        // The file's first entry: ab012b N808SF, alt_geom 29925 ft, gs 433.5 kt, seen_pos 0.7 s, now 1643337806.2.
        #expect(snapshot.time == 1_643_337_806.2)
        let first = try #require(snapshot.aircraft.first { $0.icao24 == "ab012b" })
        #expect(first.callsign == "N808SF")
        #expect(abs(first.geometricAltitude! - 29_925 * 0.3048) < 1e-6)
        #expect(abs(first.positionTime - (1_643_337_806.2 - 0.7)) < 1e-6)
        #expect(abs(first.groundSpeed! - 433.5 * 1852 / 3600) < 1e-9)
        // SOURCES.md: 170 aircraft, some on the ground (alt_baro "ground").
        #expect(snapshot.aircraft.count + snapshot.withoutPosition == 170)
        #expect(snapshot.aircraft.contains { $0.onGround })
        #expect(snapshot.aircraft.contains { $0.icao24.hasPrefix("~") } || snapshot.withoutPosition > 0)
    }

    @Test func readsbFieldsAreChecked() {
        #expect(readsbError(#"{"aircraft": []}"#)?.location == "now")
        #expect(readsbError(#"{"now": 1, "aircraft": {}}"#)?.location == "aircraft")
        #expect(
            readsbError(#"{"now": 1, "aircraft": [{"lat": 1, "lon": 2}]}"#)?.location == "aircraft[0].hex")
        let lat = readsbError(
            #"{"now": 1, "aircraft": [{"hex": "a1", "lat": 1, "lon": 2}, {"hex": "a2", "lat": "north", "lon": 2}]}"#
        )
        #expect(lat?.location == "aircraft[1].lat")
        #expect(lat?.description.contains("expected a number, got a string") == true)
        #expect(
            readsbError(#"{"now": 1, "aircraft": [{"hex": "a1", "lat": 91, "lon": 2}]}"#)?.location
                == "aircraft[0].lat/lon")
        #expect(
            readsbError(#"{"now": 1, "aircraft": [{"hex": "a1", "lat": 1}]}"#)?.location
                == "aircraft[0].lat/lon")
        #expect(
            readsbError(#"{"now": 1, "aircraft": [{"hex": "a1", "lat": 1, "lon": 2, "alt_baro": "air"}]}"#)?
                .location == "aircraft[0].alt_baro")
        #expect(
            readsbError(#"{"now": 1, "aircraft": [{"hex": "a1", "lat": 1, "lon": 2, "seen_pos": -3}]}"#)?
                .location == "aircraft[0].seen_pos")
        #expect(readsbError("not json")?.location == "document")
        #expect(readsbError("[1, 2]")?.reason == "top level is not an object")
    }

    @Test func readsbGroundAndMissingPositions() throws {
        let snapshot = try AircraftFeed.readsbAircraft(
            Data(
                #"""
                {"now": 100, "aircraft": [
                  {"hex": "A1B2C3", "flight": "DAL1  ", "lat": 40, "lon": -74, "alt_baro": "ground", "gs": 10},
                  {"hex": "d4e5f6"},
                  {"hex": "~123456", "lat": 40.1, "lon": -74.1, "alt_baro": 1000, "baro_rate": 600, "seen_pos": 2.5}
                ]}
                """#.utf8))
        #expect(snapshot.aircraft.count == 2)
        #expect(snapshot.withoutPosition == 1)
        #expect(
            snapshot.aircraft[0].icao24 == "a1b2c3" && snapshot.aircraft[0].onGround
                && snapshot.aircraft[0].callsign == "DAL1")
        #expect(abs(snapshot.aircraft[1].barometricAltitude! - 304.8) < 1e-9)
        #expect(abs(snapshot.aircraft[1].verticalRate! - 600 * 0.3048 / 60) < 1e-12)
        #expect(snapshot.aircraft[1].positionTime == 97.5)
    }

    @Test func openSkyStatesInOrderAndUnits() throws {
        let snapshot = try AircraftFeed.openSkyStates(
            Data(
                #"""
                {"time": 1700000000, "states": [
                  ["4b1805", "SWR123  ", "Switzerland", 1699999995, 1699999999, 8.55, 47.45, 3000.5, false, 150.2, 270.0, -5.1, null, 3100.0, "1000", false, 0],
                  ["abcdef", null, "US", null, 1699999990, null, null, null, true, null, null, null, null, null, null, false, 0]
                ]}
                """#.utf8))
        let state = try #require(snapshot.aircraft.first)
        #expect(snapshot.aircraft.count == 1 && snapshot.withoutPosition == 1)
        #expect(state.callsign == "SWR123")
        #expect(state.coordinate.latitude == 47.45 && state.coordinate.longitude == 8.55)
        #expect(state.barometricAltitude == 3000.5 && state.geometricAltitude == 3100.0)
        #expect(state.groundSpeed == 150.2 && state.track == 270.0 && state.verticalRate == -5.1)
        #expect(state.positionTime == 1_699_999_995)
        #expect(try AircraftFeed.openSkyStates(Data(#"{"time": 5, "states": null}"#.utf8)).aircraft.isEmpty)
    }

    @Test func openSkyFieldsAreChecked() {
        #expect(openSkyError(#"{"states": []}"#)?.location == "time")
        #expect(openSkyError(#"{"time": 1, "states": [["a", null]]}"#)?.location == "states[0]")
        let row = #"["4b1805", null, "CH", 1, 1, 8.5, 47.4, "high", false, 1, 1, 1, null, 1, null, false, 0]"#
        #expect(openSkyError(#"{"time": 1, "states": [\#(row)]}"#)?.location == "states[0][7]")
        let ground = #"["4b1805", null, "CH", 1, 1, 8.5, 47.4, 1, "no", 1, 1, 1, null, 1, null, false, 0]"#
        #expect(openSkyError(#"{"time": 1, "states": [\#(ground)]}"#)?.location == "states[0][8]")
    }

    @Test func unknownFeedShapeIsNamed() {
        #expect(throws: AircraftFeedError.self) { try AircraftFeed.read(Data(#"{"planes": []}"#.utf8)) }
    }
}

@Suite(
    .enabled(
        if: SharedData.has("photos/exif-samples/heic/IMG_5195.HEIC"),
        Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
struct CapturePhotoTests {
    @Test func photoWithoutGPSSaysWhatIsMissing() throws {
        let photo = try PhotoMetadataReader.read(
            path: SharedData.url("photos/exif-samples/heic/samplefilehub.heif").path)
        do {
            _ = try CaptureMetadata(photo: photo)
            Issue.record("an EXIF-less photo made a capture")
        } catch {
            #expect(error.description.contains("GPS position"))
            #expect(error.description.contains("GPSImgDirection"))
        }
    }

    @Test func iPhonePhotoGivesPositionHeadingAndTime() throws {
        let photo = try PhotoMetadataReader.read(
            path: SharedData.url("photos/exif-samples/heic/IMG_5195.HEIC").path)
        let capture = try CaptureMetadata(photo: photo)
        // ExifTool: 39.0513444444444, -94.2887722222222, altitude 260.56 m, direction 348.0553°,
        // 2021:04:11 15:47:53 −05:00 = 20:47:53 UTC.
        #expect(abs(capture.position.coordinate.latitude - 39.051_344_444_444_4) < 1e-9)
        #expect(abs(capture.position.coordinate.longitude + 94.288_772_222_222_2) < 1e-9)
        #expect(abs(capture.attitude.heading - 348.055_328_5) < 1e-6)
        #expect(abs((capture.altitudeMSL ?? 0) - 260.560_638_3) < 1e-3)
        #expect(capture.hasEllipsoidalHeight == false)
        let expected = Date(timeIntervalSince1970: 1_618_174_073)
        #expect(abs((capture.time?.timeIntervalSince1970 ?? 0) - expected.timeIntervalSince1970) < 1)
    }
}

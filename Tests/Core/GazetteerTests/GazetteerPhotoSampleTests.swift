import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import Testing

/// The real GPS photos of the shared exif samples get sensible labels and zones.
@Suite(
    "Labels for the sample photos' GPS positions",
    .enabled(
        if: RealGazetteer.isPresent && SharedData.has("photos/exif-samples-exiftool.csv"),
        Comment(rawValue: SharedData.missingMessage("the gazetteer and photos/exif-samples-exiftool.csv"))))
struct GazetteerPhotoSampleTests {
    /// One photo's row of the exiftool CSV.
    struct Photo {
        var file: String
        var dateTimeOriginal: String
        var offset: String
        var coordinate: Coordinate
    }

    /// The CSV's photos with GPS (exiftool's own reading; the file has no quoted commas).
    static func photos() throws -> [Photo] {
        let text = try String(contentsOf: SharedData.url("photos/exif-samples-exiftool.csv"), encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 7, let lat = Double(fields[5]), let lon = Double(fields[6]) else {
                return nil
            }
            return Photo(
                file: fields[0], dateTimeOriginal: fields[3], offset: fields[4],
                coordinate: try Coordinate(latitude: lat, longitude: lon))
        }
    }

    /// Countries and zones by where the files were taken (read off a map, not from Loci).
    static let expectedZones: [String: String] = [
        "IMG_5195.HEIC": "America/Chicago",  // Missouri, east of Kansas City
        "HMD_Nokia_8.3_5G_hdr.heif": "Europe/Madrid", "HMD_Nokia_8.3_5G.heif": "Europe/Madrid",
        "Kodak_CX7530.jpg": "Africa/Nairobi",  // the Rift Valley near Nakuru
        "87_OSError.jpg": "Europe/Rome",  // Florence
        "67-0_length_string.jpg": "Europe/Berlin",  // Bergisches Land
        "iphone_hdr_YES.jpg": "Europe/Madrid", "iphone_hdr_NO.jpg": "Europe/Madrid",
        "HMD_Nokia_8.3_5G.jpg": "Europe/Helsinki",
    ]

    @Test("all 18 GPS photos are found, and each has a label within 25 km")
    func everyPhotoHasALabel() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let photos = try Self.photos()
        #expect(photos.count == 18)
        for photo in photos {
            let answer = gazetteer.reverse(photo.coordinate)
            #expect(answer != nil, "\(photo.file)")
            #expect(answer?.label.isEmpty == false)
        }
    }

    @Test("the nine-photo walk in Arezzo is labelled Arezzo throughout")
    func arezzoWalk() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let walk = try Self.photos().filter { $0.file.contains("/gps/DSCN") }
        #expect(walk.count == 9)
        for photo in walk {
            #expect(gazetteer.reverse(photo.coordinate)?.locality.name == "Arezzo", "\(photo.file)")
        }
    }

    @Test("each photo's zone is the one where it was taken")
    func zones() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        for photo in try Self.photos() {
            guard let name = photo.file.split(separator: "/").last.map(String.init),
                let expected = Self.expectedZones[name]
            else { continue }
            #expect(gazetteer.timeZone(at: photo.coordinate) == expected, "\(photo.file)")
        }
    }

    @Test("where a photo recorded OffsetTimeOriginal, the gazetteer's zone gives the same offset")
    func offsetsAgree() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let parser = DateFormatter()
        parser.dateFormat = "yyyy:MM:dd HH:mm:ss"
        parser.locale = Locale(identifier: "en_US_POSIX")
        var checked = 0
        for photo in try Self.photos() where !photo.offset.isEmpty {
            let zoneName = try #require(gazetteer.timeZone(at: photo.coordinate))
            let zone = try #require(TimeZone(identifier: zoneName))
            parser.timeZone = zone
            let instant = try #require(parser.date(from: photo.dateTimeOriginal))
            let seconds = zone.secondsFromGMT(for: instant)
            let sign = seconds < 0 ? "-" : "+"
            let text = String(format: "%@%02d:%02d", sign, abs(seconds) / 3600, abs(seconds) % 3600 / 60)
            #expect(text == photo.offset, "\(photo.file) in \(zoneName)")
            checked += 1
        }
        #expect(checked == 2)
    }
}

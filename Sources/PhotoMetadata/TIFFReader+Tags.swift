import Foundation

extension TIFFReader {
    /// The Exif tags in IFD0 → Exif IFD and GPS IFD, read into `metadata`.
    ///
    /// With `imageSize` (a TIFF file) IFD0's ImageWidth/ImageLength become the stored size.
    /// Sub-IFD pointers that lead outside the data or back to a visited IFD are errors.
    mutating func readTags(into metadata: inout PhotoMetadata, imageSize: Bool) throws(PhotoMetadataError) {
        let ifd0 = try entries(at: try firstIFDOffset(), name: "IFD0", pointer: base + 4)
        var exifOffset: Int?
        var gpsOffset: Int?
        var exifPointer = 0
        var gpsPointer = 0
        for entry in ifd0 {
            switch entry.tag {
            case 0x010F: metadata.make = try string(entry, what: "Make")
            case 0x0110: metadata.model = try string(entry, what: "Model")
            case 0x0112:
                metadata.orientation = try integer(entry, what: "Orientation").flatMap {
                    (1...8).contains($0) ? $0 : nil
                }
            case 0x0100 where imageSize: metadata.width = try integer(entry, what: "ImageWidth")
            case 0x0101 where imageSize: metadata.height = try integer(entry, what: "ImageLength")
            case 0x8769:
                exifOffset = try integer(entry, what: "ExifIFD pointer")
                exifPointer = entry.valueOffset
            case 0x8825:
                gpsOffset = try integer(entry, what: "GPS IFD pointer")
                gpsPointer = entry.valueOffset
            default: break
            }
        }
        if let exifOffset {
            for entry in try entries(at: exifOffset, name: "Exif IFD", pointer: exifPointer) {
                switch entry.tag {
                case 0x9003: metadata.dateTimeOriginal = try string(entry, what: "DateTimeOriginal")
                case 0x9291: metadata.subSecTimeOriginal = try string(entry, what: "SubSecTimeOriginal")
                case 0x9011: metadata.offsetTimeOriginal = try string(entry, what: "OffsetTimeOriginal")
                case 0x920A:
                    metadata.focalLength = try numbers(entry, limit: 1, what: "FocalLength").first ?? nil
                case 0xA405:
                    metadata.focalLengthIn35mmFilm =
                        try numbers(entry, limit: 1, what: "FocalLengthIn35mmFilm").first ?? nil
                default: break
                }
            }
        }
        if let gpsOffset { try readGPS(at: gpsOffset, pointer: gpsPointer, into: &metadata) }
    }

    private mutating func readGPS(at offset: Int, pointer: Int, into metadata: inout PhotoMetadata)
        throws(PhotoMetadataError)
    {
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var latitudeRef: String?
        var longitudeRef: String?
        var altitudeRef: Int?
        var date: String?
        var time: [Double?] = []
        for entry in try entries(at: offset, name: "GPS IFD", pointer: pointer) {
            switch entry.tag {
            case 0x0001: latitudeRef = try string(entry, what: "GPSLatitudeRef")
            case 0x0002: latitude = Self.degrees(try numbers(entry, limit: 3, what: "GPSLatitude"))
            case 0x0003: longitudeRef = try string(entry, what: "GPSLongitudeRef")
            case 0x0004: longitude = Self.degrees(try numbers(entry, limit: 3, what: "GPSLongitude"))
            case 0x0005: altitudeRef = try integer(entry, what: "GPSAltitudeRef")
            case 0x0006: altitude = try numbers(entry, limit: 1, what: "GPSAltitude").first ?? nil
            case 0x0007: time = try numbers(entry, limit: 3, what: "GPSTimeStamp")
            case 0x0011:
                metadata.imgDirection = try numbers(entry, limit: 1, what: "GPSImgDirection").first ?? nil
            case 0x001D: date = try string(entry, what: "GPSDateStamp")
            default: break
            }
        }
        metadata.latitude = latitude.map { latitudeRef?.uppercased().hasPrefix("S") == true ? -$0 : $0 }
        metadata.longitude = longitude.map { longitudeRef?.uppercased().hasPrefix("W") == true ? -$0 : $0 }
        metadata.altitude = altitude.map { altitudeRef == 1 ? -$0 : $0 }
        if let date, let clock = Self.clock(time) { metadata.gpsTimestamp = "\(date) \(clock)Z" }
    }

    /// Degrees + minutes/60 + seconds/3600 (missing trailing parts count as 0); `nil` if any part is unreadable.
    static func degrees(_ parts: [Double?]) -> Double? {
        guard !parts.isEmpty else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let part else { return nil }
            total += part / [1.0, 60.0, 3600.0][index]
        }
        return total
    }

    /// `HH:MM:SS(.fff)` from hours, minutes and seconds, normalised and with trailing fraction zeros
    /// removed, as exiftool's `ConvertTimeStamp` prints it.
    static func clock(_ parts: [Double?]) -> String? {
        guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2] else { return nil }
        let total = (h * 60 + m) * 60 + s
        guard total.isFinite, total >= 0, total < 1e7 else { return nil }
        let hours = Int(total / 3600)
        var rest = total - Double(hours) * 3600
        let minutes = Int(rest / 60)
        rest -= Double(minutes) * 60
        var seconds = String(format: "%012.9f", rest)
        while seconds.hasSuffix("0") { seconds.removeLast() }
        if seconds.hasSuffix(".") { seconds.removeLast() }
        return String(format: "%02d:%02d:", hours, minutes) + seconds
    }
}

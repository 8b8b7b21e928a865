import Foundation

extension TIFFReader {
    /// The Exif tags in IFD0 → Exif IFD and GPS IFD, read into `metadata`.
    ///
    /// With `imageSize` (a TIFF file) IFD0's ImageWidth/ImageLength become the stored size.
    /// Throws only when IFD0 cannot be read; a tag whose value cannot be read, and a sub-IFD
    /// pointer that leads outside the data or back to a visited IFD, is skipped with a warning
    /// (see ``warnings``).
    mutating func readTags(into metadata: inout PhotoMetadata, imageSize: Bool) throws(PhotoMetadataError) {
        let ifd0 = try entries(at: try firstIFDOffset(), name: "IFD0", pointer: base + 4)
        var exifOffset: Int?
        var gpsOffset: Int?
        var exifPointer = 0
        var gpsPointer = 0
        for entry in ifd0 {
            func text(_ name: String) -> String? {
                value(of: entry, in: "IFD0", name) { r throws(PhotoMetadataError) in
                    try r.string(entry, what: name)
                }
            }
            func integer(_ name: String) -> Int? {
                value(of: entry, in: "IFD0", name) { r throws(PhotoMetadataError) in
                    try r.integer(entry, what: name)
                }
            }
            /// An IFD offset; a field that holds none (a string, a count of 0) is skipped with a warning.
            func offset(_ name: String) -> Int? {
                let before = warnings.count
                let value = integer(name)
                if value == nil, warnings.count == before {
                    warn(
                        "IFD0 tag 0x\(Self.hex(entry.tag)) (\(name))",
                        .malformed(
                            "\(name): field type \(entry.type) with count \(entry.count) holds no offset"),
                        at: entry.position)
                }
                return value
            }
            switch entry.tag {
            case 0x010F: metadata.make = text("Make")
            case 0x0110: metadata.model = text("Model")
            case 0x0112:
                metadata.orientation = integer("Orientation").flatMap { (1...8).contains($0) ? $0 : nil }
            case 0x0100 where imageSize: metadata.width = integer("ImageWidth")
            case 0x0101 where imageSize: metadata.height = integer("ImageLength")
            case 0x8769:
                exifOffset = offset("ExifIFD pointer")
                exifPointer = entry.valueOffset
            case 0x8825:
                gpsOffset = offset("GPS IFD pointer")
                gpsPointer = entry.valueOffset
            default: break
            }
        }
        if let exifOffset, let exif = subIFD(at: exifOffset, name: "Exif IFD", pointer: exifPointer) {
            readExif(exif, into: &metadata)
        }
        if let gpsOffset, let gps = subIFD(at: gpsOffset, name: "GPS IFD", pointer: gpsPointer) {
            readGPS(gps, into: &metadata)
        }
    }

    /// The entries of a sub-IFD, or `nil` with a warning placed at its pointer when it cannot be read.
    private mutating func subIFD(at offset: Int, name: String, pointer: Int) -> [Entry]? {
        do {
            return try entries(at: offset, name: name, pointer: pointer)
        } catch {
            warn(name, error.kind, at: pointer)
            return nil
        }
    }

    /// What `body` reads from `entry`, or `nil` with a warning naming the tag when it throws.
    private mutating func value<T>(
        of entry: Entry, in ifd: String, _ name: String, _ body: (TIFFReader) throws(PhotoMetadataError) -> T?
    ) -> T? {
        do {
            return try body(self)
        } catch {
            warn("\(ifd) tag 0x\(Self.hex(entry.tag)) (\(name))", error.kind, at: entry.position)
            return nil
        }
    }

    private mutating func readExif(_ entries: [Entry], into metadata: inout PhotoMetadata) {
        for entry in entries {
            func text(_ name: String) -> String? {
                value(of: entry, in: "Exif IFD", name) { r throws(PhotoMetadataError) in
                    try r.string(entry, what: name)
                }
            }
            func number(_ name: String) -> Double? {
                value(of: entry, in: "Exif IFD", name) { r throws(PhotoMetadataError) in
                    try r.numbers(entry, limit: 1, what: name).first ?? nil
                }
            }
            switch entry.tag {
            case 0x9003: metadata.dateTimeOriginal = text("DateTimeOriginal")
            case 0x9291: metadata.subSecTimeOriginal = text("SubSecTimeOriginal")
            case 0x9011: metadata.offsetTimeOriginal = text("OffsetTimeOriginal")
            case 0x920A: metadata.focalLength = number("FocalLength")
            case 0xA405: metadata.focalLengthIn35mmFilm = number("FocalLengthIn35mmFilm")
            default: break
            }
        }
    }

    private mutating func readGPS(_ entries: [Entry], into metadata: inout PhotoMetadata) {
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var latitudeRef: String?
        var longitudeRef: String?
        var altitudeRef: Int?
        var date: String?
        var time: [Double?] = []
        for entry in entries {
            func text(_ name: String) -> String? {
                value(of: entry, in: "GPS IFD", name) { r throws(PhotoMetadataError) in
                    try r.string(entry, what: name)
                }
            }
            func numbers(_ name: String, _ limit: Int) -> [Double?] {
                value(of: entry, in: "GPS IFD", name) { r throws(PhotoMetadataError) in
                    try r.numbers(entry, limit: limit, what: name)
                } ?? []
            }
            switch entry.tag {
            case 0x0001: latitudeRef = text("GPSLatitudeRef")
            case 0x0002: latitude = Self.degrees(numbers("GPSLatitude", 3))
            case 0x0003: longitudeRef = text("GPSLongitudeRef")
            case 0x0004: longitude = Self.degrees(numbers("GPSLongitude", 3))
            case 0x0005:
                altitudeRef = value(of: entry, in: "GPS IFD", "GPSAltitudeRef") {
                    r throws(PhotoMetadataError) in
                    try r.integer(entry, what: "GPSAltitudeRef")
                }
            case 0x0006: altitude = numbers("GPSAltitude", 1).first ?? nil
            case 0x0007: time = numbers("GPSTimeStamp", 3)
            case 0x0011: metadata.imgDirection = numbers("GPSImgDirection", 1).first ?? nil
            case 0x001D: date = text("GPSDateStamp")
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

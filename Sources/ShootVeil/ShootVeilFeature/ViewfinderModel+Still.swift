import Foundation
import GeoKit
import IdentifyKit
import IdentifyService
import LociLocalization
import PhotoMetadata

extension ViewfinderModel {
    /// Takes a still photo with the phone's position and the camera's heading in its metadata,
    /// saves it in the photos folder, and identifies its centre through ``identifyPhoto(_:tap:pitch:roll:)``
    /// (the path `loci identify --photo` takes), with the pitch and roll of the moment.
    ///
    /// Blocked (no fix, a bad compass…) or the paywall: as for a tap, nothing is taken. The saved
    /// file's URL is ``lastStill``.
    public func captureStill() async {
        guard let stills = environment.stills else { return }
        let marker = await previewCentre()
        let running = await environment.camera.currentFormat() != nil
        let laidOut = await environment.camera.previewSize() != nil
        apply(.camera(running: running && laidOut))
        guard case .ready = state.readiness, let location = state.location, let camera = state.camera else {
            if case .blocked(let blocker) = state.readiness { phase = .notPossible(marker: marker, blocker) }
            return
        }
        guard paywall.allowsIdentification else {
            phase = .paywall
            paywall.isPresented = true
            return
        }
        phase = .identifying(marker: marker)
        let now = environment.now()
        let tags = StillPhotoTags(
            coordinate: location.coordinate, altitude: location.verticalAccuracy >= 0 ? location.altitude : nil,
            heading: camera.heading, time: now)
        let file: URL
        do {
            let data = try await stills.capturePhoto(tags: tags)
            file = try StillPhotoFiles.save(data, at: now, in: environment.photosFolder)
        } catch {
            fail(marker: marker, Localizer(.shootVeil, language)("The photo could not be taken: %@", "\(error)"))
            return
        }
        lastStill = file
        await identifyPhoto(file, pitch: camera.pitch, roll: camera.roll, keep: true)
    }

    /// Identifies a photo file as `loci identify --photo` does: its EXIF read by
    /// `PhotoMetadataReader`, the capture built by `IdentifyInput` (position, `GPSImgDirection`,
    /// 35 mm focal length, size, orientation; `pitch` and `roll` when known, else level), the tap
    /// in the upright image's pixels (`nil`: its centre), then the same identification as a
    /// viewfinder tap (the pack, and the server's aircraft when one is configured).
    public func identifyPhoto(_ file: URL, tap: PlanePoint? = nil, pitch: Double? = nil, roll: Double? = nil) async {
        await identifyPhoto(file, tap: tap, pitch: pitch, roll: roll, keep: false)
    }

    /// ``identifyPhoto(_:tap:pitch:roll:)``; `keep`: the history names the file (a still saved here).
    func identifyPhoto(_ file: URL, tap: PlanePoint? = nil, pitch: Double?, roll: Double?, keep: Bool) async {
        let marker = await previewCentre()
        phase = .identifying(marker: marker)
        let request: IdentifyRequest
        do {
            let metadata = try PhotoMetadataReader.read(path: file.path)
            let size = Self.uprightSize(metadata)
            let input = IdentifyInput(
                camera: .photo(metadata), pitch: pitch, roll: roll, tapX: tap?.x ?? size.width / 2,
                tapY: tap?.y ?? size.height / 2)
            request = try input.request()
        } catch {
            fail(marker: marker, Localizer(.shootVeil, language)("%1$@ could not be read: %2$@", file.lastPathComponent, "\(error)"))
            return
        }
        await identify(
            request, marker: marker, observer: request.capture.position.coordinate, now: environment.now(),
            still: keep ? (file: file.lastPathComponent, pitch: pitch, roll: roll) : nil)
    }

    /// The saved still of a history row, `nil` when it has none or the file is gone.
    public func stillFile(_ row: HistoryRow) -> URL? {
        guard let name = row.photo, let folder = environment.photosFolder else { return nil }
        let file = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// The preview's centre (where a still's marker goes), the origin before layout.
    private func previewCentre() async -> PlanePoint {
        guard let size = await environment.camera.previewSize() else { return PlanePoint(x: 0, y: 0) }
        return PlanePoint(x: size.x / 2, y: size.y / 2)
    }

    /// The upright picture's size: EXIF sizes are of the stored pixels; 5–8 turn it a quarter.
    static func uprightSize(_ metadata: PhotoMetadata) -> (width: Double, height: Double) {
        let width = Double(metadata.width ?? 0)
        let height = Double(metadata.height ?? 0)
        return (5...8).contains(metadata.orientation ?? 1) ? (height, width) : (width, height)
    }
}

/// Where still photos are written: one file per capture, named by its time, written atomically.
public enum StillPhotoFiles {
    /// Writes `data` as `ShootVeil-<yyyyMMdd-HHmmss-SSS>.heic|jpg` (by its signature) in
    /// `folder`, else in the temporary folder; returns the file.
    /// - Throws: the file system's error when the folder cannot be made or written.
    public static func save(_ data: Data, at time: Date, in folder: URL?) throws -> URL {
        let folder = folder ?? FileManager.default.temporaryDirectory
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let file = folder.appendingPathComponent("ShootVeil-\(formatter.string(from: time)).\(fileExtension(of: data))")
        try data.write(to: file, options: .atomic)
        return file
    }

    /// `heic` for an ISO BMFF file (`ftyp` at byte 4), else `jpg`.
    static func fileExtension(of data: Data) -> String {
        data.count >= 8 && data[data.startIndex + 4..<data.startIndex + 8] == Data("ftyp".utf8) ? "heic" : "jpg"
    }
}

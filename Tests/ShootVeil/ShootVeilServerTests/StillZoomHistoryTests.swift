import Foundation
import IdentifyHistory
import IdentifyKit
import IdentifyService
import LociTestSupport
import PhotoMetadata
import ShootVeilFeature
import Testing

/// The still path (a photo with its position and heading in its Exif, identified as
/// `loci identify --photo` does), pinch to zoom, and the history kept on the phone.
@Suite("ShootVeil: still capture, zoom and history")
@MainActor
struct StillZoomHistoryTests {
    /// What `loci identify --photo FILE --pack PACK --tap X,Y [--pitch P --roll R]` computes:
    /// the command's own calls (`IdentifyCommand.makeRequest`, then `IdentifySources.identify`).
    nonisolated static func cli(photo: URL, pack: URL, tap: (Double, Double), pitch: Double?, roll: Double?) async throws
        -> Identification
    {
        let input = IdentifyInput(
            camera: .photo(try PhotoMetadataReader.read(path: photo.path)), pitch: pitch, roll: roll, tapX: tap.0,
            tapY: tap.1)
        return try await IdentifySources(places: .pack(path: pack.path)).identify(try input.request(), now: Date())
            .identification
    }

    @Test(
        "a still is saved with position and heading in its Exif and answers as loci identify --photo does",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func still() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let folder = try temporaryFolder("shootveil-stills")
        defer { try? FileManager.default.removeItem(at: folder) }
        let phone = try ServerPhone(
            pack: pack, server: nil, clock: Capture.westVillage.time, stills: ExifJPEGCamera(), photosFolder: folder,
            history: IdentificationHistoryFile(path: folder.appendingPathComponent("history.json").path))
        phone.aim(.westVillage)
        await phone.model.captureStill()
        let file = try #require(phone.model.lastStill)
        #expect(file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(file.pathExtension == "jpg")
        // The file carries where and which way.
        let metadata = try PhotoMetadataReader.read(path: file.path)
        #expect(abs((metadata.latitude ?? 0) - Capture.westVillage.coordinate.latitude) < 1e-6)
        #expect(abs((metadata.longitude ?? 0) - Capture.westVillage.coordinate.longitude) < 1e-6)
        #expect(abs((metadata.imgDirection ?? 0) - Capture.westVillage.heading) < 1e-3)
        #expect(metadata.altitude == 3)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        #expect(result.candidates.first?.id == Capture.westVillageBuilding, "\(result.candidates.map(\.id))")
        // The same answer as the CLI's path, with the pitch and roll of the moment.
        let camera = try #require(phone.model.state.camera)
        let cli = try await Self.cli(
            photo: file, pack: pack, tap: (1512, 2016), pitch: camera.pitch, roll: camera.roll)
        #expect(result.candidates.map(\.id) == cli.candidates.map(\.id))
        #expect(result.candidates.map(\.confidence) == cli.candidates.map(\.confidence))
        #expect(result.direction == cli.direction)
        // The history names the photo and keeps the pitch and roll its Exif cannot hold; the
        // photo identified again from there answers the same.
        let entry = try #require(phone.model.history.entries.first)
        #expect(entry.photo == file.lastPathComponent)
        #expect(entry.pitch == camera.pitch && entry.roll == camera.roll)
        let row = try #require(phone.model.history.rows.first)
        #expect(row.summaryLine.hasSuffix("photo") && row.title == result.candidates.first?.title)
        let again = try #require(phone.model.stillFile(row))
        await phone.model.identifyPhoto(again, pitch: entry.pitch, roll: entry.roll)
        #expect(phone.model.phase.result?.candidates.map(\.id) == result.candidates.map(\.id))
        // Deleting the entry deletes the photo.
        phone.model.history.delete(entry.id)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(phone.model.stillFile(row) == nil)
    }

    @Test(
        "a real iPhone photo with GPS and compass heading gives the CLI's answer through the still path",
        .enabled(
            if: SharedData.has(Shared.westVillage, "photos/exif-samples/heic/IMG_5195.HEIC"),
            Comment(rawValue: SharedData.missingMessage("the exif samples and the West Village extract"))))
    func realPhoto() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let photo = SharedData.url("photos/exif-samples/heic/IMG_5195.HEIC")
        let phone = try ServerPhone(pack: pack, server: nil, clock: Capture.westVillage.time)
        await phone.model.identifyPhoto(photo)
        guard case .results(let result) = phone.model.phase else {
            Issue.record("\(phone.model.phase)")
            return
        }
        let metadata = try PhotoMetadataReader.read(path: photo.path)
        let turned = (5...8).contains(metadata.orientation ?? 1)
        let width = Double(turned ? metadata.height ?? 0 : metadata.width ?? 0)
        let height = Double(turned ? metadata.width ?? 0 : metadata.height ?? 0)
        let cli = try await Self.cli(photo: photo, pack: pack, tap: (width / 2, height / 2), pitch: nil, roll: nil)
        #expect(result.direction == cli.direction)
        // exiftool: GPSImgDirection 348.0553285 (the centre of a level photo looks that way).
        #expect(abs(result.direction.azimuth - 348.055_328_5) < 1e-4)
        #expect(result.candidates.map(\.id) == cli.candidates.map(\.id))
    }

    @Test(
        "pinching to 2× narrows the field of view the identify request carries: tan(fov/2) halves",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func zoom() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        var recorder: RecordingSource?
        let phone = try ServerPhone(
            pack: pack, server: nil, clock: Capture.westVillage.time,
            wrap: { source in
                let recording = RecordingSource(source)
                recorder = recording
                return recording
            })
        let recording = try #require(recorder)
        phone.aim(.westVillage)
        await phone.model.tap(at: ServerPhone.centre)
        await phone.model.pinch(1.5)
        await phone.model.pinch(2)
        phone.model.endPinch()
        #expect(phone.model.zoom == 2, "a pinch scales the zoom at its start, not the last step")
        #expect(await phone.camera.currentFormat()?.zoom == 2, "the camera's zoom was set")
        await phone.model.tap(at: ServerPhone.centre)
        let fovs = recording.requests.map(\.capture.intrinsics.horizontalFieldOfView)
        try #require(fovs.count == 2)
        let ratio = tan(fovs[1] / 2 * .pi / 180) / tan(fovs[0] / 2 * .pi / 180)
        #expect(abs(ratio - 0.5) < 1e-12, "\(fovs)")
        #expect(fovs[1] < fovs[0] / 2 + 3 && fovs[1] > fovs[0] / 2, "about half in degrees too: \(fovs)")
        // The centre still looks the same way, and the building is still there.
        #expect(recording.requests[0].tapX == recording.requests[1].tapX)
        #expect(phone.model.phase.result?.candidates.first?.id == Capture.westVillageBuilding)
        // The next pinch starts from 2×; the camera's limit holds.
        await phone.model.pinch(10)
        #expect(phone.model.zoom == ViewfinderModel.maximumZoom)
        phone.model.endPinch()
        await phone.model.setZoom(0.5)
        #expect(phone.model.zoom == 1)
    }

    @Test(
        "identifications are kept across a relaunch; delete one, delete all",
        .enabled(
            if: SharedData.has(Shared.westVillage), Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func history() async throws {
        let pack = try #require(Shared.pack, "the West Village pack did not build")
        let folder = try temporaryFolder("shootveil-history")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.json").path
        let first = try ServerPhone(
            pack: pack, server: nil, clock: Capture.westVillage.time, history: IdentificationHistoryFile(path: path))
        first.aim(.westVillage)
        await first.model.tap(at: ServerPhone.centre)
        first.clock.set(Capture.westVillage.time + 1)
        first.aim(.westVillage)
        await first.model.tap(at: PlanePoint(x: 100, y: 200))
        #expect(first.model.history.entries.count == 2)
        // Relaunch: a new model over the same file.
        let second = try ServerPhone(
            pack: pack, server: nil, clock: Capture.westVillage.time + 60, history: IdentificationHistoryFile(path: path))
        second.model.history.load()
        #expect(second.model.history.warning == nil)
        #expect(second.model.history.entries == first.model.history.entries)
        let newest = try #require(second.model.history.entries.first)
        #expect(newest.time == Date(timeIntervalSince1970: Capture.westVillage.time + 1))
        let oldest = try #require(second.model.history.entries.last)
        #expect(oldest.candidates.first?.id == Capture.westVillageBuilding)
        second.model.history.delete(newest.id)
        let third = HistoryModel(file: IdentificationHistoryFile(path: path))
        third.load()
        #expect(third.entries.map(\.id) == [oldest.id])
        third.deleteAll()
        let fourth = HistoryModel(file: IdentificationHistoryFile(path: path))
        fourth.load()
        #expect(fourth.entries.isEmpty)
        #expect(fourth.warning == nil)
    }

    @Test("a damaged history file is a warning and an empty history, kept aside, and the next entry is saved")
    func damagedHistory() throws {
        let folder = try temporaryFolder("shootveil-history")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.json").path
        try Data(#"{"version": 1, "entries": [{"id": "not a uuid"#.utf8).write(to: URL(fileURLWithPath: path))
        let model = HistoryModel(file: IdentificationHistoryFile(path: path))
        model.load()
        #expect(model.entries.isEmpty)
        let warning = try #require(model.warning)
        #expect(warning.contains("starts empty") && warning.contains("history.json.damaged"), "\(warning)")
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        model.deleteAll()
        let again = HistoryModel(file: IdentificationHistoryFile(path: path))
        again.load()
        #expect(again.warning == nil, "the new file is a valid history")
        // A file of another version is refused by name too.
        try Data(#"{"version": 7, "entries": []}"#.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try IdentificationHistoryFile(path: path).load()
            Issue.record("version 7 was read")
        } catch {
            #expect("\(error)".contains("version 7"), "\(error)")
        }
    }
}

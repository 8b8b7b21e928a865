import Foundation
import Gazetteer
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedKit

@testable import WrappedService

@Suite(
    "Photo Wrapped session on a real folder",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))
    ))
struct FolderSessionTests {
    let photos = SharedData.url("photos/exif-samples").path
    let gazetteer = SharedData.url("geo/gazetteer-cities500.tsv.gz").path
    let years = LocalDate(year: 2000, month: 1, day: 1)!...LocalDate(year: 2030, month: 1, day: 1)!

    func session(cache: URL) -> WrappedSession<FolderPhotoSource> {
        let path = gazetteer
        return WrappedSession(
            source: FolderPhotoSource(root: photos),
            placeLookup: { GazetteerPlaceLookup(gazetteer: try Gazetteer.load(contentsOf: path).gazetteer) },
            cache: cache, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
    }

    @Test("the sample photos give Arezzo as the top place, then open from the cache with the same deck")
    func arezzo() throws {
        let cache = temporary("folder").appendingPathComponent("wrapped.sqlite")
        let log = EventLog()
        let first = try session(cache: cache).run(
            days: years, hidden: [], now: Date(timeIntervalSince1970: 0), progress: log.record)
        #expect(first.cache == .miss)
        #expect(first.result.visiblePlaces.first?.displayLabel.contains("Arezzo") == true)
        #expect(first.result.stats.total > 20)
        #expect(
            log.all.contains { if case .scanning(let done, let total) = $0 { done == total } else { false } })
        let second = try session(cache: cache).run(
            days: years, hidden: [], now: Date(timeIntervalSince1970: 0))
        #expect(second.cache == .hit)
        #expect(second.result == first.result)
    }

    @Test("a folder that does not exist is an unreadable source")
    func missingFolder() {
        let session = WrappedSession(
            source: FolderPhotoSource(root: "/nonexistent/photos"), placeLookup: { CityLookup() }, cache: nil,
            deviceZone: TimeZone(identifier: "UTC")!)
        #expect(throws: WrappedSessionError.self) {
            try session.run(days: years, hidden: [], now: Date(timeIntervalSince1970: 0))
        }
    }
}

import Foundation
import Gazetteer
import LociTestSupport
import PhotoLibrary
import Synchronization
import Testing
import WrappedKit
import WrappedStore

@testable import WrappedService

/// A source that counts how often its photos were read.
final class CountingSource<Base: PhotoLibrarySource>: PhotoLibrarySource {
    let base: Base
    let scans = Atomic<Int>(0)

    init(base: Base) { self.base = base }

    func list() throws(WrappedError) -> Base.Listing { try base.list() }

    func scan(_ listing: Base.Listing, progress: @Sendable (Int, Int) -> Void) -> PhotoLibraryScan {
        scans.add(1, ordering: .relaxed)
        return base.scan(listing, progress: progress)
    }
}

@Suite("Labels made without the gazetteer are redone from the cache once it is there")
struct RelabelSessionTests {
    static let zone = TimeZone(identifier: "Europe/Helsinki")!

    static func session<Source: PhotoLibrarySource>(
        _ source: Source, cache: URL?, labelSource: String, lookup: @escaping @Sendable () throws -> any PlaceLookup
    ) -> WrappedSession<Source> {
        WrappedSession(source: source, placeLookup: lookup, labelSource: labelSource, cache: cache, deviceZone: zone)
    }

    static let noGazetteer: @Sendable () throws -> any PlaceLookup = {
        throw WrappedError.sourceFailed("no gazetteer here")
    }

    @Test("no lookup → 'Near …'; with one → its labels, no photo read, the same result a fresh run gives")
    func relabelsInMemory() throws {
        let source = CountingSource(base: InMemoryPhotoLibrary(assets: TwoCities.assets))
        let cache = temporary("relabel").appendingPathComponent("wrapped.sqlite")
        let now = Date(timeIntervalSince1970: 0)
        let first = try Self.session(source, cache: cache, labelSource: WrappedCacheKey.noLabels, lookup: Self.noGazetteer)
            .run(days: TwoCities.june, hidden: [], now: now)
        #expect(first.cache == .miss)
        #expect(first.result.visiblePlaces.first?.displayLabel.hasPrefix("Near 60.18°N") == true)
        #expect(source.scans.load(ordering: .relaxed) == 1)

        let log = EventLog()
        let withLabels = Self.session(source, cache: cache, labelSource: "city v1") {
            log.lookupLoads.add(1, ordering: .relaxed)
            return CityLookup()
        }
        let second = try withLabels.run(days: TwoCities.june, hidden: [], now: now)
        #expect(second.cache == .hit)
        #expect(source.scans.load(ordering: .relaxed) == 1, "relabelling read the photos again")
        #expect(log.lookupLoads.load(ordering: .relaxed) == 1)
        #expect(second.result.visiblePlaces.map(\.displayLabel) == ["Kallio, Helsinki", "Tampere"])
        let top = try #require(second.result.deck.cards.first { $0.kind == .topPlace })
        #expect(top.headline == "Kallio, Helsinki")

        // Exactly what a run with the lookup from the start gives (deck included).
        let fresh = try Self.session(InMemoryPhotoLibrary(assets: TwoCities.assets), cache: nil, labelSource: "city v1") {
            CityLookup()
        }.run(days: TwoCities.june, hidden: [], now: now)
        #expect(second.result == fresh.result)

        // The relabelled run is stored under the new source: the next run neither reads nor loads.
        let third = try withLabels.run(days: TwoCities.june, hidden: [], now: now)
        #expect(third.cache == .hit)
        #expect(third.result == fresh.result)
        #expect(source.scans.load(ordering: .relaxed) == 1)
        #expect(log.lookupLoads.load(ordering: .relaxed) == 1)
    }

    @Test("a caller that does not name its label source keeps the cache as it was")
    func unnamedSourceKeepsCache() throws {
        let source = CountingSource(base: InMemoryPhotoLibrary(assets: TwoCities.assets))
        let cache = temporary("relabel-unnamed").appendingPathComponent("wrapped.sqlite")
        let now = Date(timeIntervalSince1970: 0)
        _ = try Self.session(source, cache: cache, labelSource: "", lookup: Self.noGazetteer)
            .run(days: TwoCities.june, hidden: [], now: now)
        let second = try Self.session(source, cache: cache, labelSource: "") { CityLookup() }
            .run(days: TwoCities.june, hidden: [], now: now)
        #expect(second.cache == .hit)
        #expect(second.result.visiblePlaces.first?.label == nil)
        #expect(source.scans.load(ordering: .relaxed) == 1)
    }

    @Test(
        "the sample photos: 'Near 43.47°N, 11.88°E' without the gazetteer, then Arezzo without a rescan",
        .enabled(
            if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
            Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))))
    func relabelsSamplePhotos() throws {
        let source = CountingSource(base: FolderPhotoSource(root: SharedData.url("photos/exif-samples").path))
        let cache = temporary("relabel-folder").appendingPathComponent("wrapped.sqlite")
        let years = LocalDate(year: 2000, month: 1, day: 1)!...LocalDate(year: 2030, month: 1, day: 1)!
        let now = Date(timeIntervalSince1970: 0)
        let first = try Self.session(source, cache: cache, labelSource: WrappedCacheKey.noLabels, lookup: Self.noGazetteer)
            .run(days: years, hidden: [], now: now)
        #expect(first.result.visiblePlaces.first?.displayLabel == "Near 43.47°N, 11.88°E")
        let path = SharedData.url("geo/gazetteer-cities500.tsv.gz").path
        let second = try Self.session(source, cache: cache, labelSource: "gazetteer cities500 v1") {
            GazetteerPlaceLookup(gazetteer: try Gazetteer.load(contentsOf: path).gazetteer)
        }.run(days: years, hidden: [], now: now)
        #expect(second.cache == .hit)
        #expect(source.scans.load(ordering: .relaxed) == 1, "relabelling read the photos again")
        let top = try #require(second.result.visiblePlaces.first)
        #expect(top.displayLabel.contains("Arezzo"), "\(top.displayLabel)")
        #expect(second.result.deck.cards.first { $0.kind == .topPlace }?.headline == top.displayLabel)
    }
}

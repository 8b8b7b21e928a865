import AreaDownloads
import AreaKit
import AreaPlaces
import AreasFeature
import Foundation
import GeoKit
import LociLocalization
import LociTestSupport
import PlaceKit
import Testing
import TidepoolTestServer

/// The West Village extract an area is built from.
enum WestVillageArea {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let available = SharedData.has(extract)
}

/// An online search stand-in: one place named `name`, whatever is asked.
struct NamedSearch: PlacesSearchService {
    let name: String

    func searchPlaces(_ request: SearchRequest) async throws -> [RankedPlace] {
        guard let id = PlaceID(rawValue: "test:\(name)") else { return [] }
        let place = Place(id: id, name: name, category: "cafe", coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0))
        return [RankedPlace(place: place, distance: nil, score: 1, match: .exactName)]
    }

    func searchNearby(center: Coordinate, categories: [PlaceCategory.ID], radius: Double, limit: Int) async throws -> [RankedPlace] { [] }

    func searchInRegion(text: String?, region: BoundingBox, categories: [PlaceCategory.ID], limit: Int) async throws -> [RankedPlace] { [] }
}

/// The area screens' model against a real `loci serve --areas` on loopback serving an area built
/// from the West Village extract.
@MainActor
@Suite(.serialized, .enabled(if: WestVillageArea.available, Comment(rawValue: SharedData.missingMessage(WestVillageArea.extract))))
struct AreasModelTests {
    nonisolated static let extract = WestVillageArea.extract
    /// Inside the West Village.
    nonisolated static let point = AreaPoint(latitude: 40.7336, longitude: -74.0027)

    /// What the progress observer saw, with what the state showed at that moment.
    final class Seen {
        var steps: [AreaDownloadProgress] = []
        var shownMatched = true
        weak var model: AreasModel?
    }

    static func model(_ server: AreaTestServer, kinds: [AreaKind], seen: Seen = Seen()) -> AreasModel {
        let downloads = AreaDownloads(directory: server.device, transport: HTTPAreaTransport(baseURL: server.baseURL))
        let model = AreasModel(downloads: downloads, kinds: kinds) { step in
            seen.steps.append(step)
            if seen.model?.state.progress[AreaFileKey(area: step.area, kind: step.kind)] != step { seen.shownMatched = false }
        }
        seen.model = model
        return model
    }

    @Test("fresh install offers the nearest area → download with progress → installed → newer build offered and installed → delete → 0 bytes")
    func lifecycle() async throws {
        let server = try await AreaTestServer.start(extract: Self.extract, name: "wv")
        defer { server.remove() }
        let seen = Seen()
        let model = Self.model(server, kinds: AreaKind.allCases, seen: seen)

        // Fresh install: nothing here; before the server answers, nothing to offer either.
        #expect(model.state.installed.isEmpty && model.state.diskBytes == 0)
        #expect(!model.state.hasArea && model.state.suggestion == nil)
        await model.refresh(near: Self.point)
        #expect(model.state.failure == nil)
        let suggestion = try #require(model.state.suggestion)
        #expect(suggestion.name == "wv" && suggestion.distanceM == 0)
        let size = try #require(model.state.downloadBytes(of: suggestion))
        #expect(size == (suggestion.file(.identifyPack)?.bytes ?? 0) + (suggestion.file(.places)?.bytes ?? 0))
        #expect(model.state.rows.map(\.name) == ["wv"])
        #expect(model.state.rows.first?.isInstalled == false && model.state.rows.first?.downloadBytes == size)

        await model.download("wv")
        #expect(model.state.failure == nil)
        #expect(seen.shownMatched, "each progress step was in the state when it was seen")
        for kind in AreaKind.allCases {
            let bytes = seen.steps.filter { $0.kind == kind }.map(\.bytes)
            #expect(!bytes.isEmpty && bytes == bytes.sorted(), "\(kind)")
            #expect(bytes.last == suggestion.file(kind)?.bytes, "\(kind)")
        }
        #expect(model.state.progress.isEmpty)
        #expect(model.state.hasArea && model.state.suggestion == nil)
        #expect(model.state.installed.map(\.name) == ["wv"])
        #expect(Set(model.state.installed.first?.kinds ?? []) == Set(AreaKind.allCases))
        #expect(model.state.diskBytes >= size && model.state.diskBytes < size + 4_096)
        let row = try #require(model.state.rows.first)
        #expect(row.isInstalled && !row.updateAvailable && row.progress == nil && row.bytesOnPhone == model.state.diskBytes)

        // A newer build on the server: offered as an update, then installed.
        let newer = try server.rebuild(at: 1_900_000_000)
        await model.refresh()
        #expect(model.state.updatable == ["wv"])
        #expect(model.state.rows.first?.updateAvailable == true)
        await model.download("wv")
        #expect(model.state.failure == nil)
        #expect(model.state.updatable.isEmpty)
        #expect(model.state.installed.first?.builtAt == newer.builtAt)

        // Delete: nothing left, and the nearest area offered again.
        model.delete("wv")
        #expect(model.state.installed.isEmpty && model.state.diskBytes == 0)
        #expect(model.state.suggestion?.name == "wv")
        #expect(model.state.rows.first?.isInstalled == false)
    }

    @Test("server unreachable: the state says offline and the installed area stays, still searchable")
    func offline() async throws {
        let server = try await AreaTestServer.start(extract: Self.extract, name: "wv")
        defer { server.remove() }
        let model = Self.model(server, kinds: [.places])
        let places = InstalledAreaPlaces(
            downloads: AreaDownloads(directory: server.device, transport: HTTPAreaTransport(baseURL: server.baseURL)))
        await #expect(throws: NoAreaDownloaded.self) { try await places.searchPlaces(SearchRequest(text: "cafe")) }
        let fallback = AreaFirstPlaceSearch(area: places, otherwise: NamedSearch(name: "online"))
        #expect(try await fallback.searchPlaces(SearchRequest(text: "cafe")).map(\.place.name) == ["online"])

        await model.refresh(near: Self.point)
        await model.download("wv")
        #expect(model.state.hasArea)
        #expect(model.state.installed.first?.kinds == [.places], "only the kinds the app uses are fetched")

        await server.stopServer()
        await model.refresh(near: Self.point)
        guard case .offline = model.state.failure else {
            Issue.record("expected offline, got \(String(describing: model.state.failure))")
            return
        }
        #expect(model.state.failure?.message.hasPrefix("Offline") == true)
        #expect(model.state.hasArea && model.state.installed.map(\.name) == ["wv"])
        let center = Coordinate(uncheckedLatitude: Self.point.latitude, longitude: Self.point.longitude)
        let found = try await places.searchPlaces(SearchRequest(text: "cafe", center: center, radius: 1_000))
        #expect(!found.isEmpty)
        let areaFirst = try await fallback.searchPlaces(SearchRequest(text: "cafe", center: center, radius: 1_000))
        #expect(!areaFirst.isEmpty && !areaFirst.contains { $0.place.name == "online" }, "the area answers once it is installed")

        model.dismissFailure()
        #expect(model.state.failure == nil)
    }

    @Test("a file whose SHA-256 is not the listed one is refused with the reason; nothing is installed")
    func refused() async throws {
        let server = try await AreaTestServer.start(extract: Self.extract, name: "wv")
        defer { server.remove() }
        let manifestURL = server.serverAreas.appendingPathComponent("wv/area.json")
        var manifest = try AreaManifest.decode(Data(contentsOf: manifestURL))
        manifest.files = manifest.files.map { file in
            var file = file
            file.sha256 = String(repeating: "0", count: 64)
            return file
        }
        try manifest.json().write(to: manifestURL)
        let model = Self.model(server, kinds: [.identifyPack])
        await model.refresh(near: Self.point)
        await model.download("wv")
        guard case .refused(let area, let kind, let reason) = model.state.failure else {
            Issue.record("expected a refusal, got \(String(describing: model.state.failure))")
            return
        }
        #expect(area == "wv" && kind == .identifyPack && reason.contains("SHA-256"))
        #expect(model.state.failure?.message.contains("refused") == true)
        #expect(model.state.installed.isEmpty && !model.state.hasArea && model.state.progress.isEmpty)
    }

    @Test("sizes read as the list shows them")
    func sizes() {
        #expect(AreasCopy.size(999, in: .english) == "999 bytes")
        #expect(AreasCopy.size(820_400, in: .english) == "820 KB")
        #expect(AreasCopy.size(12_345_678, in: .english) == "12.3 MB")
        #expect(AreasCopy.size(1_250_000_000, in: .english) == "1.3 GB")
    }
}

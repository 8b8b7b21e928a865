import Foundation
import GeoKit
import LociTestSupport
import PlaceImport
import PlaceKit
import PlaceStore
import Testing

/// One hand-written expectation (see Fixtures/search-acceptance.json for the field meanings).
struct AcceptanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Expectation: Decodable, Sendable {
        struct Names: Decodable, Sendable {
            let k: Int
            let names: [String]
        }
        let top: [String]?
        let in_top: Names?
        let top_category: String?
        let category_k: Int?
        let max_distance_m: Double?
        let match: MatchKindExpectation?
        let absent: Names?
    }

    /// One acceptable match kind, or a list of them.
    struct MatchKindExpectation: Decodable, Sendable {
        let kinds: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { kinds = [one] } else { kinds = try container.decode([String].self) }
        }
    }

    let extract: String
    let query: String
    let near: [Double]
    let radius_m: Double?
    let mode: String
    let kind: String
    let expect: Expectation

    var testDescription: String { "\(mode) \"\(query)\" near \(near.map { String($0) }.joined(separator: ",")) in \(extract)" }

    static let all: [AcceptanceCase] = {
        struct File: Decodable { let cases: [AcceptanceCase] }
        guard let url = Bundle.module.url(forResource: "search-acceptance", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.cases
    }()
}

/// Each extract imported once per test run, into a temporary folder.
actor ImportedExtracts {
    static let shared = ImportedExtracts()
    private var stores: [String: SQLitePlaceStore] = [:]
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-acceptance-\(UUID().uuidString)")

    func store(for extract: String) throws -> SQLitePlaceStore {
        if let store = stores[extract] { return store }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(URL(fileURLWithPath: extract).lastPathComponent + ".sqlite").path
        _ = try OSMPlaceImporter().import(from: SharedData.url(extract), into: path)
        let store = try SQLitePlaceStore(path: path)
        stores[extract] = store
        return store
    }
}

@Suite(
    "Local search acceptance on the Helsinki and West Village extracts",
    .enabled(
        if: SharedData.has("osm/helsinki.osm.pbf", "osm/nyc-west-village.osm.pbf"),
        Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf and osm/nyc-west-village.osm.pbf"))))
struct SearchAcceptanceTests {
    @Test("the fixture file holds at least 40 cases of both kinds")
    func fixtureIsComplete() {
        #expect(AcceptanceCase.all.count >= 40)
        #expect(AcceptanceCase.all.contains { $0.kind == "name" } && AcceptanceCase.all.contains { $0.kind == "category" })
    }

    @Test("a person gets what they expect at the top", arguments: AcceptanceCase.all)
    func acceptance(_ testCase: AcceptanceCase) async throws {
        let store = try await ImportedExtracts.shared.store(for: testCase.extract)
        let provider = LocalPlacesProvider(store: store)
        let center = try Coordinate(latitude: testCase.near[0], longitude: testCase.near[1])
        let results: [RankedPlace]
        if testCase.mode == "autocomplete" {
            results = try await provider.autocomplete(prefix: testCase.query, center: center, radius: testCase.radius_m, limit: 10)
        } else {
            results = try await provider.searchPlaces(SearchRequest(text: testCase.query, center: center, radius: testCase.radius_m, limit: 10))
        }
        let summary = results.prefix(5).map { "\($0.place.name ?? "?") [\($0.place.category)] \($0.match.rawValue) \(Int($0.distance ?? -1)) m" }
        let first = try #require(results.first, "no results; expected \(testCase.expect)")
        let expect = testCase.expect
        if let top = expect.top {
            #expect(top.contains(first.place.name ?? ""), "top was \(summary)")
        }
        if let inTop = expect.in_top {
            let names = results.prefix(inTop.k).compactMap(\.place.name)
            for name in inTop.names {
                #expect(names.contains(name), "\(name) not in the top \(inTop.k): \(summary)")
            }
        }
        if let category = expect.top_category {
            for result in results.prefix(expect.category_k ?? 1) {
                #expect(result.place.category == category, "expected \(category): \(summary)")
            }
        }
        if let maximum = expect.max_distance_m {
            #expect((first.distance ?? .infinity) <= maximum, "top is \(Int(first.distance ?? -1)) m away: \(summary)")
        }
        if let match = expect.match {
            #expect(match.kinds.contains(first.match.rawValue), "top matched as \(first.match.rawValue): \(summary)")
        }
        if let absent = expect.absent {
            let names = results.prefix(absent.k).compactMap(\.place.name)
            for name in absent.names {
                #expect(!names.contains(name), "\(name) should not be in the top \(absent.k): \(summary)")
            }
        }
    }
}

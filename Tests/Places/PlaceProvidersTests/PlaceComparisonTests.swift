import Foundation
import GeoKit
import LockedState
import PlaceKit
import PlaceStore
import Testing

@testable import PlaceProviders

/// Why a source could not be had, as a test says it.
struct Unavailable: Error, CustomStringConvertible {
    let description: String
}

@Suite("One search from several providers, side by side")
struct PlaceComparisonTests {
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    @Test("each provider gets a column in the order asked; a failing one keeps its reason and the others answer")
    func columns() async throws {
        let directory = try ScratchDirectory()
        let store = try ProviderFixtures.store(in: directory)
        let comparison = PlaceComparison(
            store: { store }, google: { throw Unavailable(description: "no key for the test") })
        let columns = await comparison.compare(
            SearchRequest(text: "regatta", center: Self.center, radius: 5_000, limit: 5), providers: [.google, .local])
        #expect(columns.map(\.provider) == [.google, .local])
        #expect(columns[0].failure == "no key for the test")
        #expect(columns[0].results.isEmpty)
        #expect(columns[1].failure == nil)
        #expect(columns[1].results.map(\.place.name) == ["Café Regatta"])
        // Haversine from the centre to Regatta (60.1761, 24.9105), by hand: ≈ 689 m north and
        // ≈ 1 543 m west, so ≈ 1 690 m.
        let distance = try #require(columns[1].results.first?.distance)
        #expect(abs(distance - 1_690) < 1)
    }

    @Test("a store that cannot be opened fails only the local column, and is not opened when local is not asked")
    func lazySources() async throws {
        let opened = Locked(0)
        let comparison = PlaceComparison(
            store: {
                opened.withLock { $0 += 1 }
                throw Unavailable(description: "no place database at /nowhere")
            },
            google: { throw Unavailable(description: "no key") })
        let request = SearchRequest(text: "cafe", center: Self.center, radius: 1_000, limit: 3)
        _ = await comparison.compare(request, providers: [.google])
        #expect(opened.withLock { $0 } == 0)
        let columns = await comparison.compare(request, providers: [.local])
        #expect(opened.withLock { $0 } == 1)
        #expect(columns.map(\.failure) == ["no place database at /nowhere"])
    }
}

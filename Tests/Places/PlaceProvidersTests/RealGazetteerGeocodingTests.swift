import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import Testing

@testable import PlaceProviders

/// Forward and reverse geocoding on the real GeoNames cities500 file; expected rows are the
/// file's own (ids, positions and populations read from it with zcat and awk).
@Suite(
    "Local geocoding on the real gazetteer",
    .enabled(
        if: SharedData.has("geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("geo/gazetteer-cities500.tsv.gz"))))
struct RealGazetteerGeocodingTests {
    static let service: Result<LocalLocationService, GazetteerError> = Result { () throws(GazetteerError) in
        LocalLocationService(
            gazetteer: try Gazetteer(contentsOf: SharedData.url("geo/gazetteer-cities500.tsv.gz").path),
            places: nil)
    }

    @Test("Springfield without a hint is the most populous one (Springfield, Missouri, 170 188)")
    func mostPopulous() async throws {
        let found = try await Self.service.get().locations(for: "Springfield", near: nil, limit: 3)
        #expect(found.first?.label == "Springfield, Missouri")
        #expect(found.first?.coordinate == Coordinate(uncheckedLatitude: 37.21533, longitude: -93.29824))
        #expect(found.count == 3)
    }

    @Test("Portland near Sydney is Portland, New South Wales; near Melbourne, Portland, Victoria")
    func nearest() async throws {
        let service = try Self.service.get()
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        let melbourne = try Coordinate(latitude: -37.8136, longitude: 144.9631)
        #expect(
            try await service.locations(for: "portland", near: sydney, limit: 1).first?.label
                == "Portland, New South Wales")
        #expect(
            try await service.locations(for: "portland", near: melbourne, limit: 1).first?.label
                == "Portland, Victoria")
    }

    @Test("Kallio geocodes to GeoNames 654706 and reverses to 'Kallio, Helsinki'")
    func roundTrip() async throws {
        let service = try Self.service.get()
        let kallio = try #require(try await service.locations(for: "Kallio", near: nil, limit: 1).first)
        #expect(kallio.coordinate == Coordinate(uncheckedLatitude: 60.18427, longitude: 24.95034))
        #expect(try await service.address(for: kallio.coordinate)?.label == "Kallio, Helsinki")
    }
}

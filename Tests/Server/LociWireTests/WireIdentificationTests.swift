import Foundation
import IdentifyKit
import LociWire
import Testing

@Suite("Identification on the wire")
struct WireIdentificationTests {
    static let unnamed = IdentificationCandidate(
        kind: .building, id: "osm:way/7", name: nil, confidence: 0.8, distance: 120, azimuth: 45,
        elevation: 10, reason: "the tap ray enters its footprint", details: ["height": "30"])

    @Test("a candidate writes every member, name null when there is none")
    func candidateMembers() throws {
        let data = try WireEncoding.compact(WireCandidate(Self.unnamed))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "kind", "id", "name", "confidence", "distance", "azimuth", "elevation", "reason", "details",
            ])
        #expect(json["name"] is NSNull)
        #expect(json["kind"] as? String == "building")
        #expect((json["details"] as? [String: String])?["height"] == "30")
    }

    @Test("what a surface does not add is not written; what it adds is")
    func optionalMembers() throws {
        let direction = ViewingDirection(azimuth: 370, elevation: 5)
        let plain = WireIdentification(direction: direction, candidates: [Self.unnamed])
        let plainJSON = try #require(
            try JSONSerialization.jsonObject(with: WireEncoding.compact(plain)) as? [String: Any])
        #expect(Set(plainJSON.keys) == ["tap_azimuth", "tap_elevation", "candidates"])
        #expect(plainJSON["tap_azimuth"] as? Double == 10)

        let cli = WireIdentification(
            direction: direction, buildingsSource: "places.sqlite", aircraftCount: 0, quotaRemaining: 3,
            candidates: [])
        let cliJSON = try #require(
            try JSONSerialization.jsonObject(with: WireEncoding.compact(cli)) as? [String: Any])
        #expect(cliJSON["aircraft_count"] as? Int == 0)
        #expect(cliJSON["quota_remaining"] as? Int == 3)
        #expect(cliJSON["buildings_source"] as? String == "places.sqlite")
        #expect(cliJSON["capture"] == nil)
    }
}

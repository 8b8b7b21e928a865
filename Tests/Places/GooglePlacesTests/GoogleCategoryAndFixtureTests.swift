import Foundation
import LociTestSupport
import PlaceKit
import Testing

@testable import GooglePlaces

@Suite("Google types map into the shared registry; fixtures are valid v1")
struct GoogleCategoryAndFixtureTests {
    let registry = CategoryRegistry.standard

    @Test(
        "primary types and Table A types map to standard categories",
        arguments: [
            ("pizza_restaurant", [String](), "restaurant"), ("coffee_shop", [], "cafe"),
            ("hamburger_restaurant", [], "fast_food"), ("travel_agency", ["travel_agency", "bar"], "bar"),
            ("lodging", ["lodging"], "hotel"),
        ])
    func mapped(primary: String, types: [String], expected: String) {
        #expect(registry.category(forGooglePrimaryType: primary, types: types).id == expected)
    }

    @Test("unknown specific types get a stable google.* fallback the registry can resolve again")
    func fallback() throws {
        let category = registry.category(
            forGooglePrimaryType: nil, types: ["point_of_interest", "bowling_alley"])
        #expect(category.id == "google.bowling_alley")
        #expect(category.displayName == "Bowling alley")
        #expect(registry.category(id: "google.bowling_alley") == category)
        #expect(
            registry.category(forGooglePrimaryType: nil, types: ["point_of_interest", "establishment"]).id
                == "google.establishment")
    }

    @Test("asking Google for a category uses its table types and aliases")
    func reverseTypes() {
        let types = registry.googleTypes(forCategory: "restaurant")
        #expect(types.first == "restaurant")
        #expect(types.contains("pizza_restaurant"))
        #expect(registry.googleTypes(forCategory: "biergarten").isEmpty)
    }

    static var validatorAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import google.maps.places_v1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    @Test(
        "the committed fixtures parse as v1 messages in google-maps-places",
        .enabled(
            if: validatorAvailable || ExternalTool.isCI,
            "needs python3 with google-maps-places (scripts/requirements-google-places.txt); CI installs it"))
    func fixturesValidate() throws {
        let script = Repository.file("scripts/convert-google-places-fixtures.py")
        let fixtures = GoogleFixtures.url("details-google-sydney.json").deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--check", fixtures.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.components(separatedBy: "valid ").count - 1 == 4)
    }
}

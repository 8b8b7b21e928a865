import Foundation
import LociTestSupport
import Testing

@Suite("The shared-data locator: skip outside CI, fail in CI")
struct SharedDataLocatorTests {
    /// A folder holding one file, `present.txt`, removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loci-shared-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url.appendingPathComponent("present.txt"))
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("without CI a missing file skips the test and says where it looked")
    func skipsLocally() throws {
        let folder = try Folder()
        let locator = SharedDataLocator(root: folder.url, isCI: false)
        #expect(locator.shouldRun(["present.txt"]))
        #expect(!locator.shouldRun(["present.txt", "osm/missing.osm.pbf"]))
        #expect(locator.missing(["present.txt", "osm/missing.osm.pbf"]) == ["osm/missing.osm.pbf"])
        let message = locator.missingMessage("osm/missing.osm.pbf")
        #expect(message.contains(folder.url.path))
        #expect(message.contains("osm/missing.osm.pbf"))
        #expect(message.contains("LOCI_SHARED_DATA"))
    }

    @Test("under CI=true a missing file runs the test, and requiring the file fails it")
    func failsInCI() throws {
        let folder = try Folder()
        let locator = SharedDataLocator(root: folder.url, isCI: true)
        #expect(locator.shouldRun(["osm/missing.osm.pbf"]))
        #expect(throws: SharedDataError.missing(path: "osm/missing.osm.pbf", root: folder.url.path, isCI: true)) {
            try locator.require("osm/missing.osm.pbf")
        }
        #expect(try locator.require("present.txt") == folder.url.appendingPathComponent("present.txt"))
        let error = SharedDataError.missing(path: "osm/missing.osm.pbf", root: folder.url.path, isCI: true)
        #expect(error.description.contains("CI=true"))
        #expect(locator.missingInCIMessage(["osm/missing.osm.pbf"]).contains("osm/missing.osm.pbf"))
    }

    @Test("the environment chooses the folder and whether this is CI")
    func environment() {
        let package = URL(fileURLWithPath: "/src/loci")
        let local = SharedDataLocator(environment: [:], packageRoot: package)
        #expect(local.root.path == "/src/shared/data")
        #expect(!local.isCI)
        let ci = SharedDataLocator(environment: ["CI": "true", "LOCI_SHARED_DATA": "/data"], packageRoot: package)
        #expect(ci.root.path == "/data")
        #expect(ci.isCI)
        #expect(!SharedDataLocator(environment: ["CI": "1", "LOCI_SHARED_DATA": ""], packageRoot: package).isCI)
        #expect(SharedDataLocator(environment: ["LOCI_SHARED_DATA": ""], packageRoot: package).root.path == "/src/shared/data")
    }
}

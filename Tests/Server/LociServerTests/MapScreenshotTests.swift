import Foundation
import GeoKit
import HeatAggregation
import LociTestSupport
import OSMKit
import Testing
import TidepoolStorage

/// The page at `/` over the imported Helsinki extract, photographed by headless Chromium: the base
/// map draws a known street, the heat over the released tile is the server's own PNG heat tile
/// composited over the map (not a rectangle of the page's own) and the search result's marker
/// sits on the place. Positions come from the page's own view (`?lat=&lon=&z=`, read back from the
/// canvas's data attributes) and the Web Mercator projection.
@Suite(
    "Status page map in a browser",
    .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
struct MapScreenshotTests {
    /// The canvas's empty colour (CSS `#13242f`).
    static let background: [Int] = [19, 36, 47]
    /// The view: Ateneum at zoom 16.
    static let view = (lat: 60.1700, lon: 24.9441, z: 16)
    /// Where heat is released: a grid tile south-west of the centre, clear of the marker.
    static let heatPoint = Coordinate(uncheckedLatitude: 60.1683, longitude: 24.9385)

    @Test(
        "the base map shows Aleksanterinkatu, the heat PNG is drawn over its tile and the search result is marked",
        .enabled(
            if: ExternalTool.shouldRun("/usr/bin/chromium", "/usr/bin/chromium-browser"),
            Comment(rawValue: ExternalTool.missingMessage("chromium", package: "chromium"))))
    func screenshot() async throws {
        guard let chromium = BrowserTests.chromium else {
            Issue.record("chromium is not installed (apt install chromium); the browser test cannot run")
            return
        }
        let server = try await TestServer.start(over: .loopback, writePlaces: { path in
            try ImportedPlaces.copy("osm/helsinki.osm.pbf", timeZone: "Europe/Helsinki", to: path)
        })
        defer { server.stop() }
        let url = try server.baseURL.absoluteString + "/?lat=\(Self.view.lat)&lon=\(Self.view.lon)&z=\(Self.view.z)&q=ateneum"
        // The page before any release: what the heat is drawn over.
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("loci-page-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: bare) }
        _ = try await Self.run(chromium, ["--screenshot=\(bare.path)", url])
        let before = try PNGPixels(Array(try Data(contentsOf: bare)), screenshot: true)
        let heatTile = GridTiler.standard.tile(for: Self.heatPoint)
        let release = HeatRelease(
            epoch: TestServer.startEpoch - 1, parameters: try server.services.engine.configuration.publishedParameters(),
            tiles: [ReleasedTile(tile: heatTile, noisyCount: 50)])
        try await server.store.publishRelease(
            StoredRelease(epoch: release.epoch, expiresAt: release.expiresSeconds, body: try JSONEncoder().encode(release)))
        server.clock.now += 1

        let dom = try await Self.run(chromium, ["--dump-dom", url])
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("loci-page-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        _ = try await Self.run(chromium, ["--screenshot=\(shot.path)", url])
        let image = try PNGPixels(Array(try Data(contentsOf: shot)), screenshot: true)

        let canvas = try #require(dom.firstMatch(of: #/<canvas[^>]*>/#).map { String($0.output) }, "no canvas in the page")
        func attribute(_ name: String) throws -> Double {
            let pattern = try Regex(" \(name)=\"([-0-9.]+)\"")
            let match = try #require(canvas.firstMatch(of: pattern), "no \(name) on \(canvas)")
            return try #require(Double(String(match.output[1].substring ?? "")))
        }
        #expect(try attribute("data-zoom") == Double(Self.view.z))
        #expect(try attribute("data-lat") == Self.view.lat)
        #expect(try attribute("data-base-tiles") > 0, "no base tile drawn: \(canvas)")
        #expect(try attribute("data-heat-tiles") == 1)
        #expect(try attribute("data-heat-images") > 0, "no heat PNG tile drawn: \(canvas)")
        let (left, top) = (try attribute("data-left"), try attribute("data-top"))
        let (width, height) = (try attribute("width"), try attribute("height"))
        let world = Double(256 << Self.view.z)
        func worldX(_ lon: Double) -> Double { (lon + 180) / 360 * world }
        func worldY(_ lat: Double) -> Double {
            let r = lat * .pi / 180
            return (1 - log(tan(r) + 1 / cos(r)) / .pi) / 2 * world
        }
        /// Screenshot pixel of a coordinate, or nil when off the canvas (with a margin).
        func screen(_ lat: Double, _ lon: Double, margin: Double = 8) -> (Int, Int)? {
            let x = worldX(lon) - worldX(Self.view.lon) + width / 2
            let y = worldY(lat) - worldY(Self.view.lat) + height / 2
            guard x >= margin, y >= margin, x < width - margin, y < height - margin else { return nil }
            return (Int(left + x), Int(top + y))
        }
        func rgb(_ point: (Int, Int)) -> [Int] { image.pixel(point.0, point.1).prefix(3).map(Int.init) }
        func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { abs($0 - $1) }.reduce(0, +) }

        // (c) The first search result's marker, at its projected position.
        let answer = try await server.send(
            "GET", "/v1/places/search?q=ateneum&lat=\(Self.view.lat)&lon=\(Self.view.lon)&limit=10")
        let first = try #require((answer.json["results"] as? [[String: Any]])?.first)
        let (markerLat, markerLon) = (try #require(first["lat"] as? Double), try #require(first["lon"] as? Double))
        let marker = try #require(screen(markerLat, markerLon), "the result is off the canvas")
        #expect(distance(rgb(marker), [127, 211, 255]) < 30, "pixel \(marker) is \(rgb(marker)), not the marker")

        // (b) The heat is the server's PNG tile over the map: at points in and around the released
        // tile, the screenshot is that PNG's pixel composited (source-over) on the page without
        // heat, to within rounding; the released tile's centre shows heat, and two tiles east,
        // past the kernel's reach, nothing changed.
        let box = try GridTiler.standard.bounds(of: heatTile)
        let x0 = worldX(Self.view.lon) - width / 2, y0 = worldY(Self.view.lat) - height / 2
        var heatPNGs: [String: PNGPixels] = [:]
        /// The heat PNG's RGBA at a screenshot pixel (the page draws tiles at whole canvas pixels).
        func overlay(_ point: (Int, Int)) async throws -> [Int] {
            let (cx, cy) = (Double(point.0) - left, Double(point.1) - top)
            var tx = Int(((cx + x0) / 256).rounded(.down)), ty = Int(((cy + y0) / 256).rounded(.down))
            if cx - (Double(tx) * 256 - x0).rounded() < 0 { tx -= 1 }
            if cx - (Double(tx) * 256 - x0).rounded() >= 256 { tx += 1 }
            if cy - (Double(ty) * 256 - y0).rounded() < 0 { ty -= 1 }
            if cy - (Double(ty) * 256 - y0).rounded() >= 256 { ty += 1 }
            let path = "/v1/tiles/\(Self.view.z)/\(tx)/\(ty).png"
            if heatPNGs[path] == nil {
                let answer = try await server.send("GET", path)
                #expect(answer.status == 200)
                heatPNGs[path] = try PNGPixels(Array(answer.body))
            }
            let png = try #require(heatPNGs[path])
            let px = Int(cx - (Double(tx) * 256 - x0).rounded()), py = Int(cy - (Double(ty) * 256 - y0).rounded())
            return png.pixel(px, py).map(Int.init)
        }
        func composite(_ heat: [Int], over under: [Int]) -> [Int] {
            (0..<3).map { Int((Double(heat[$0] * heat[3] + under[$0] * (255 - heat[3])) / 255).rounded()) }
        }
        var compared = 0, heated = 0, worst = 0
        let edge = box.east - box.west, tall = box.north - box.south
        for step in 0...8 {
            for other in 0...8 {
                let lat = box.south - tall / 2 + 2 * tall * Double(step) / 8
                let lon = box.west - edge / 2 + 2 * edge * Double(other) / 8
                guard let point = screen(lat, lon) else { continue }
                let heat = try await overlay(point)
                let under = before.pixel(point.0, point.1).prefix(3).map(Int.init)
                let expected = composite(heat, over: under)
                compared += 1
                if heat[3] > 40 { heated += 1 }
                worst = max(worst, zip(expected, rgb(point)).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(compared >= 60, "the heat tile is not on the canvas")
        #expect(heated >= 9, "the heat PNG is nearly transparent around the released tile (\(heated) heated points)")
        #expect(worst <= 6, "the screenshot differs from the heat PNG composited on the map by \(worst)")
        let centre = try #require(screen((box.south + box.north) / 2, (box.west + box.east) / 2))
        let centreHeat = try await overlay(centre)
        #expect(centreHeat[3] > 60, "the released tile's centre is not heat in the PNG: \(centreHeat)")
        #expect(distance(rgb(centre), before.pixel(centre.0, centre.1).prefix(3).map(Int.init)) > 40)
        let east = try #require(screen((box.south + box.north) / 2, box.east + 1.5 * edge))
        #expect(try await overlay(east)[3] == 0)
        #expect(distance(rgb(east), before.pixel(east.0, east.1).prefix(3).map(Int.init)) <= 6)

        // (a) The base map: Aleksanterinkatu's nodes (from the raw extract) are painted, away
        // from the heat and the marker; and the canvas is not painted everywhere.
        let all = try PBFReader(url: SharedData.url("osm/helsinki.osm.pbf")).readAll()
        let nodes = Dictionary(all.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let street = all.ways.filter { $0.tags["name"] == "Aleksanterinkatu" && $0.tags["highway"] != nil }
            .flatMap(\.nodeIDs).compactMap { nodes[$0] }
        var onStreet = 0, painted = 0
        for node in street {
            guard let point = screen(node.latitude, node.longitude),
                !(box.south...box.north).contains(node.latitude) || !(box.west...box.east).contains(node.longitude),
                abs(point.0 - marker.0) + abs(point.1 - marker.1) > 20
            else { continue }
            onStreet += 1
            if distance(rgb(point), Self.background) > 60 { painted += 1 }
        }
        #expect(onStreet >= 5, "too few Aleksanterinkatu nodes on the canvas: \(onStreet)")
        #expect(painted == onStreet, "\(painted) of \(onStreet) Aleksanterinkatu nodes are drawn")
        var empty = 0
        for y in stride(from: top + 20, to: top + height - 20, by: 7) {
            for x in stride(from: left + 20, to: left + width - 20, by: 7) where distance(rgb((Int(x), Int(y))), Self.background) < 6 {
                empty += 1
            }
        }
        #expect(empty > 100, "the canvas is painted everywhere (\(empty) background samples)")
    }

    /// Runs headless Chromium on `arguments` with a fixed window and returns its standard output.
    ///
    /// The wait happens on a Dispatch thread, not the test's: the server under test shares the
    /// process's few cooperative threads, and a test blocking one while the browser waits on the
    /// server would stall both.
    static func run(_ chromium: String, _ arguments: [String]) async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("loci-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
            "--window-size=1000,900", "--force-device-scale-factor=1", "--virtual-time-budget=8000",
        ] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: text)
            }
        }
    }
}

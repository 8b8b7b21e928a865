import Foundation
import LociServer
import LociTestSupport
import Testing

/// The page at `/` in headless Chromium (Debian's `chromium`): the heat layer draws the
/// released tiles and a search result renders.
@Suite("Status page in a browser")
struct BrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "the canvas draws the release's tiles and ?q= renders search results",
        .enabled(
            if: ExternalTool.shouldRun("/usr/bin/chromium", "/usr/bin/chromium-browser"),
            Comment(rawValue: ExternalTool.missingMessage("chromium", package: "chromium"))))
    func page() async throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is not installed (apt install chromium); the browser test cannot run")
            return
        }
        let server = try await TestServer.start(over: .loopback)
        defer { server.stop() }
        _ = try await HeatAPITests.publish(server)
        let dom = try await MapScreenshotTests.run(chromium, ["--dump-dom", server.baseURL.absoluteString + "/?q=ateneum"])
        #expect(dom.contains(#"data-heat-tiles="1""#), "the canvas did not draw the one released tile")
        #expect(dom.contains(#"<li class="result">Ateneum · museum"#), "no search result rendered")
        #expect(dom.contains("4 places from places.sqlite"))
        // The legend says what a colour means in people, one swatch per count the renderer's
        // legend has, and the guarantee is /v1/privacy's day figure, rounded, in its unit.
        #expect(dom.contains("Heat: people reporting in a 150 m square in one epoch"), "no legend")
        #expect(dom.components(separatedBy: #"class="swatch""#).count - 1 == HeatTileRenderer.legendPeople.count)
        let statement = try await server.send("GET", "/v1/privacy").json
        let epsilon = try #require(statement["day_epsilon"] as? Double)
        let unit = try #require(statement["unit"] as? String)
        let rounded = (epsilon * 10).rounded() / 10
        #expect(dom.contains("ε \(rounded), δ "), "the day ε \(rounded) is not on the page")
        #expect(dom.contains(unit.replacingOccurrences(of: "&", with: "&amp;")), "the statement's unit is not on the page")
        #expect(!dom.contains("per person per epoch"))
    }
}

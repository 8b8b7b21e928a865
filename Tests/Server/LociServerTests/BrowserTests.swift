import Foundation
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
    }
}

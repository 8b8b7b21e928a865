import AreaDownloads
import AreaKit
import Testing

/// The resume rule every area transport shares: the headers asked with, and what an answer means.
@Suite struct ResumeRuleTests {
    let fresh = AreaFetchRequest(area: "wv", kind: .identifyPack, offset: 0, sha256: "ab12")
    let resumed = AreaFetchRequest(area: "wv", kind: .places, offset: 1_000, sha256: "ab12")

    @Test("a fresh fetch asks for the whole file; a resumed one for the rest of the same build")
    func headers() {
        #expect(fresh.path == "v1/areas/wv/identify_pack")
        #expect(fresh.resumeHeaders.isEmpty)
        #expect(resumed.resumeHeaders == ["Range": "bytes=1000-", "If-Range": "\"ab12\""])
    }

    @Test("206 from the offset appends, from elsewhere is refused; 200 replaces; an error status is the server's")
    func dispositions() {
        #expect(resumed.disposition(status: 206, contentRange: "bytes 1000-4999/5000") == .append)
        guard case .refuse(.badAnswer(let reason)) = resumed.disposition(status: 206, contentRange: "bytes 0-4999/5000") else {
            Issue.record("a range starting elsewhere should be refused")
            return
        }
        #expect(reason.contains("1000"))
        if case .refuse = resumed.disposition(status: 206, contentRange: nil) {} else { Issue.record("a 206 without Content-Range") }
        #expect(resumed.disposition(status: 200, contentRange: nil) == .replace)
        #expect(fresh.disposition(status: 200, contentRange: nil) == .replace)
        #expect(resumed.disposition(status: 416, contentRange: "bytes */5000") == .serverError(status: 416))
        #expect(fresh.disposition(status: 404, contentRange: nil) == .serverError(status: 404))
    }
}

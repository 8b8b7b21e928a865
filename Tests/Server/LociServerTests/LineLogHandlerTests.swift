import Foundation
import LociServer
import Logging
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `loci serve`'s log lines keep StreamLogHandler's layout, in UTC, one write per line (the source
/// is the calling module, here the tests).
@Suite("Log lines")
struct LineLogHandlerTests {
    final class Lines: Sendable {
        let written = Mutex<[String]>([])
    }

    static func logger(at seconds: Int, into lines: Lines) -> Logger {
        Logger(label: "loci.server") { label in
            LineLogHandler(
                label: label,
                sink: { bytes in lines.written.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } },
                now: { timespec(tv_sec: seconds, tv_nsec: 999_000_000) })
        }
    }

    @Test("time, level, label, sorted metadata, source and message, one line per call")
    func layout() {
        let lines = Lines()
        var logger = Self.logger(at: 1_795_381_205, into: lines)  // 2026-11-22 21:00:05 UTC
        logger[metadataKey: "node"] = "a"
        logger.info("request", metadata: ["status": "202", "method": "POST", "ms": "0.31"])
        logger.debug("not written at info")
        logger.notice("epoch closed", metadata: ["node": "b"])
        #expect(
            lines.written.withLock { $0 } == [
                "2026-11-22T21:00:05+0000 info loci.server: method=POST ms=0.31 node=a status=202 [LociServerTests] request\n",
                "2026-11-22T21:00:05+0000 notice loci.server: node=b [LociServerTests] epoch closed\n",
            ])
    }

    @Test("the date is the UTC calendar date (a 1999 instant, no metadata)")
    func otherDate() {
        let lines = Lines()
        let logger = Self.logger(at: 915_246_299, into: lines)  // 1999-01-02 03:04:59 UTC
        logger.error("failed")
        #expect(lines.written.withLock { $0 } == ["1999-01-02T03:04:59+0000 error loci.server: [LociServerTests] failed\n"])
    }
}

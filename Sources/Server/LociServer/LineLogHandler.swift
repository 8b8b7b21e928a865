import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `loci serve`'s log lines: the layout of swift-log's `StreamLogHandler`
/// (`<time> <level> <label>: <key=value …> [<source>] <message>`), with the time in UTC, each
/// line written to standard error in one `write(2)`.
///
/// `StreamLogHandler` formats local time with `localtime` (which re-reads the time zone on
/// every call), `strftime` and `String` interpolation, and writes through stdio with a flush:
/// at a steady request rate that is a visible share of the server's CPU (docs/benchmarks.md,
/// `loci serve`). This formats into bytes directly.
public struct LineLogHandler: LogHandler {
    /// Where lines go: one call per line.
    public typealias Sink = @Sendable (UnsafeRawBufferPointer) -> Void

    /// The logger's label.
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let sink: Sink
    private let now: @Sendable () -> timespec

    /// A handler writing to standard error.
    public init(label: String) {
        self.init(label: label, sink: Self.standardError, now: Self.realtime)
    }

    /// A handler writing to `sink`, reading the time from `now` (tests).
    public init(label: String, sink: @escaping Sink, now: @escaping @Sendable () -> timespec) {
        self.label = label
        self.sink = sink
        self.now = now
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line: [UInt8] = []
        line.reserveCapacity(160)
        Self.appendTimestamp(now(), to: &line)
        line.append(0x20)
        line.append(contentsOf: event.level.rawValue.utf8)
        if !label.isEmpty {
            line.append(0x20)
            line.append(contentsOf: label.utf8)
        }
        line.append(UInt8(ascii: ":"))
        var merged = metadata
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, new in new }
        }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line.append(0x20)
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            line.append(contentsOf: value.description.utf8)
        }
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: event.source.utf8)
        line.append(contentsOf: "] ".utf8)
        line.append(contentsOf: event.message.description.utf8)
        line.append(0x0A)
        line.withUnsafeBytes { sink($0) }
    }

    /// `YYYY-MM-DDTHH:MM:SS+0000` for `time`.
    static func appendTimestamp(_ time: timespec, to line: inout [UInt8]) {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) {
            line.append(UInt8(48 + value / 10))
            line.append(UInt8(48 + value % 10))
        }
        let year = Int(parts.tm_year) + 1_900
        line.append(contentsOf: String(year).utf8)
        line.append(UInt8(ascii: "-"))
        two(parts.tm_mon + 1)
        line.append(UInt8(ascii: "-"))
        two(parts.tm_mday)
        line.append(UInt8(ascii: "T"))
        two(parts.tm_hour)
        line.append(UInt8(ascii: ":"))
        two(parts.tm_min)
        line.append(UInt8(ascii: ":"))
        two(parts.tm_sec)
        line.append(contentsOf: "+0000".utf8)
    }

    /// The wall clock.
    @Sendable static func realtime() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }

    /// Writes the whole line to file descriptor 2, retrying short writes and EINTR.
    @Sendable static func standardError(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(2, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            left -= written
            base += written
        }
    }
}

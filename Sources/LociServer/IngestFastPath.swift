import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NIOHTTP1

/// `POST /v1/tidepool/presence` answered in the channel pipeline, on the event loop that read
/// it, in front of NIO's HTTP/1 parser and Hummingbird's request handling.
///
/// Ingest is the server's one high-rate route (≈ 1,000 requests a second at 100k daily users)
/// and its work is short and synchronous (parse, verify a signature, count). Through
/// Hummingbird each request also crosses NIO's HTTP parser and encoder, the conversion to Swift
/// HTTP Types, the async channel, a task, the router and the middleware. Here the request is
/// framed from the connection's bytes by ``IngestFraming`` (a strict subset of HTTP/1.1 that
/// NIO's parser would frame identically), redeemed (``TidepoolRoutes/redeem(_:_:)``, the
/// route's own code) after the same per-client rate limit, and answered with the same status,
/// headers and JSON body, counted for `/metrics` and logged as ``ServerMiddleware`` does.
///
/// A connection is read here until its first request outside that subset — any other route,
/// a larger body (413 from Hummingbird), `Connection` other than `keep-alive`, `Expect` or
/// `Transfer-Encoding`, HTTP/1.0, malformed framing. From that request on, every byte goes to
/// NIO's parser unchanged, so answers leave in request order and no request is framed by two
/// parsers. (Reports sent on a connection apart from the device's authenticated requests, which
/// also keeps them unlinkable at the connection level, all stay on this path.) A graceful-shutdown
/// event that arrives while part of an ingest request is held here is kept until it has been
/// answered, so in-flight ingest finishes as other requests do. ``IngestFastPath/Installer``
/// puts the handler in place.
final class IngestFastPath: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The route taken here.
    static let path = "/v1/tidepool/presence"
    /// The `/metrics` counter of requests answered here.
    static let counter = "loci_ingest_fast_path_total"

    private let services: ServerServices
    private let bodyLimit: Int
    /// Bytes of a request not yet complete, and when its first bytes arrived.
    private var pending: ByteBuffer?
    private var started = ContinuousClock.now
    /// Set at the first request left to NIO's parser: everything after it goes there too.
    private var passing = false
    /// Whether this read burst's bytes were all kept here (answered or held).
    private var readsHeld = false
    /// A graceful-shutdown event held while part of a request is held.
    private var heldQuiesce: Any?
    /// The client's address, the rate limiter's key (read once per connection).
    private var client: String??
    private var dates = HTTPDateCache()
    /// The answer to acceptance and the `Date` it carries.
    private var accepted: (date: String, bytes: ByteBuffer)?

    init(services: ServerServices) {
        self.services = services
        bodyLimit = TidepoolRoutes.ingestBodyLimit(services)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passing else { return context.fireChannelRead(data) }
        readsHeld = true
        var buffer = unwrapInboundIn(data)
        if var held = pending {
            pending = nil
            held.writeBuffer(&buffer)
            buffer = held
        } else {
            started = .now
        }
        var answered = false
        while buffer.readableBytes > 0 {
            let framing = buffer.withUnsafeReadableBytes { IngestFraming.frame($0, bodyLimit: bodyLimit) }
            switch framing {
            case .request(let headBytes, let bodyBytes):
                buffer.moveReaderIndex(forwardBy: headBytes)
                let body = buffer.readSlice(length: bodyBytes)!
                answer(body, context)
                answered = true
                started = .now
            case .incomplete:
                pending = buffer
                buffer.moveReaderIndex(to: buffer.writerIndex)
            case .other:
                passing = true
                if answered { context.flush() }
                answered = false
                context.fireChannelRead(wrapInboundOut(buffer))
                buffer.moveReaderIndex(to: buffer.writerIndex)
            }
        }
        if answered { context.flush() }
        if pending == nil, let event = heldQuiesce {
            heldQuiesce = nil
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// The end of a read burst goes on unless every byte of it was taken here (then the
    /// handlers behind saw no read, and Hummingbird's async channel has nothing to deliver).
    func channelReadComplete(context: ChannelHandlerContext) {
        if passing || !readsHeld { context.fireChannelReadComplete() }
        readsHeld = false
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, pending != nil {
            heldQuiesce = event
            return
        }
        if let held = pending {
            // The connection's input ended (or some other event) mid-request: NIO's parser
            // decides what the bytes were.
            pending = nil
            passing = true
            context.fireChannelRead(wrapInboundOut(held))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending = nil
        context.fireChannelInactive()
    }

    /// Rate limit, redeem, write the answer, count and log it.
    private func answer(_ body: ByteBuffer, _ context: ChannelHandlerContext) {
        if client == nil { client = .some(context.channel.remoteAddress?.ipAddress) }
        let refusal: APIError?
        if let client = client ?? nil, let wait = services.clientLimiter.take(client, now: services.limiterClock()) {
            refusal = .rateLimited(retryAfter: wait)
        } else {
            refusal = TidepoolRoutes.redeem(Data(body.readableBytesView), services)
        }
        let date = dates.now()
        if let refusal {
            context.write(wrapOutboundOut(Self.response(refusal, date: date, context.channel.allocator)), promise: nil)
        } else {
            // The same bytes for every acceptance within a second.
            if accepted?.date != date { accepted = (date, Self.response(nil, date: date, context.channel.allocator)) }
            context.write(wrapOutboundOut(accepted!.bytes), promise: nil)
        }
        let status = refusal?.status.code ?? HTTPResponse.Status.accepted.code
        services.recordRequest(route: Self.path, method: "POST", status: status, elapsed: .now - started)
        services.metrics.count(Self.counter)
    }

    /// The answer to a refusal, or to acceptance when `refusal` is nil: the status line and
    /// headers Hummingbird's path writes, in its order, and the JSON body.
    static func response(_ refusal: APIError?, date: String, _ allocator: ByteBufferAllocator) -> ByteBuffer {
        let status = refusal?.status ?? .accepted
        let body = refusal?.bodyBytes ?? TidepoolRoutes.acceptedBody
        var head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for field in refusal?.headers ?? [:] { head += "\(field.name.canonicalName): \(field.value)\r\n" }
        head += "Content-Type: \(Response.jsonContentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Date: \(date)\r\nServer: \(LociServerName.value)\r\n\r\n"
        var buffer = allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        return buffer
    }

    /// Hummingbird adds its additional channel handlers after the conversion to Swift HTTP Types;
    /// this one, added there, puts an ``IngestFastPath`` in front of NIO's HTTP/1 response
    /// encoder — the first handler to see the connection's bytes, and the last its own answers
    /// pass — and removes itself. If the pipeline has no such encoder, no fast path is installed
    /// and ingest goes to the router.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        private let services: ServerServices

        init(services: ServerServices) { self.services = services }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let encoder = try? pipeline.handler(type: HTTPResponseEncoder.self) {
                try? pipeline.addHandler(IngestFastPath(services: services), position: .before(encoder))
            }
            pipeline.removeHandler(context: context, promise: nil)
        }
    }
}

/// The `Date` header's value (RFC 9110 IMF-fixdate, as Hummingbird writes it), formatted once
/// per second.
struct HTTPDateCache {
    private var second = Int.min
    private var text = ""

    /// The current time's value.
    mutating func now() -> String {
        let seconds = Int(Date().timeIntervalSince1970.rounded(.down))
        if seconds != second {
            second = seconds
            text = Self.format(seconds)
        }
        return text
    }

    /// `"Sun, 06 Nov 1994 08:49:37 GMT"` for seconds since 1970.
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(Int(parts.tm_year) + 1_900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

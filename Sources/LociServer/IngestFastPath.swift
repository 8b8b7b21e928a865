import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// `POST /v1/tidepool/presence` answered in the channel pipeline, on the event loop that read
/// it, in front of Hummingbird's request handling.
///
/// Ingest is the server's one high-rate route (≈ 1,000 requests a second at 100k daily users)
/// and its work is short and synchronous (parse, verify a signature, count). Through
/// Hummingbird each request also crosses the conversion to Swift HTTP Types, the async channel,
/// a task, the router and the middleware; here it is read as NIO's HTTP/1 parts, redeemed
/// (``TidepoolRoutes/redeem(_:_:)``, the route's own code) and answered with the same status,
/// headers and JSON body, counted for `/metrics` and logged as ``ServerMiddleware`` does, after
/// the same per-client rate limit.
///
/// Only plain requests are taken: HTTP/1.1 keep-alive, the exact path, no `Connection` or
/// `Expect` header, a body within ``TidepoolRoutes/ingestBodyLimit(_:)``, and no request passed
/// on still waiting for its answer (so answers leave in request order). Everything else — other
/// routes, a larger body (413 from Hummingbird), pipelined requests behind a pending one — goes
/// on to Hummingbird unchanged. A graceful-shutdown event that arrives while an answer is being
/// prepared here is held until it has been written, so in-flight ingest finishes as other
/// requests do. ``IngestFastPath/Installer`` puts the handler in place.
final class IngestFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The route taken here.
    static let path = "/v1/tidepool/presence"
    /// The `/metrics` counter of requests answered here.
    static let counter = "loci_ingest_fast_path_total"

    private enum State {
        /// Between requests.
        case idle
        /// Passing a request's parts on to Hummingbird.
        case forwarding
        /// Reading an ingest body, to answer here.
        case collecting(head: HTTPRequestHead, body: ByteBuffer, started: ContinuousClock.Instant)
    }

    private let services: ServerServices
    private let bodyLimit: Int
    private var state = State.idle
    /// Requests passed on whose answer has not ended: while there are any, ingest is passed on too.
    private var unanswered = 0
    /// A graceful-shutdown event held while an answer is prepared here.
    private var heldQuiesce: Any?
    private var dates = HTTPDateCache()

    init(services: ServerServices) {
        self.services = services
        bodyLimit = TidepoolRoutes.ingestBodyLimit(services)
    }

    /// Whether a request with this head is answered here (when nothing passed on is pending).
    static func takes(_ head: HTTPRequestHead) -> Bool {
        head.method == .POST && head.uri == path && head.version == .http1_1 && head.isKeepAlive
            && !head.headers.contains(name: "connection") && !head.headers.contains(name: "expect")
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (state, part) {
        case (.idle, .head(let head)):
            if unanswered == 0, Self.takes(head) {
                state = .collecting(
                    head: head, body: context.channel.allocator.buffer(capacity: 512), started: .now)
            } else {
                pass(data, context)
            }
        case (.collecting(let head, var body, let started), .body(var chunk)):
            state = .idle  // the buffer is uniquely held while it grows
            guard body.readableBytes + chunk.readableBytes <= bodyLimit else {
                // Hummingbird answers 413, as it would have from the start.
                pass(wrapInboundOut(.head(head)), context)
                context.fireChannelRead(wrapInboundOut(.body(body)))
                context.fireChannelRead(data)
                return
            }
            body.writeBuffer(&chunk)
            state = .collecting(head: head, body: body, started: started)
        case (.collecting(_, let body, let started), .end):
            state = .idle
            answer(body, started: started, context)
        case (.forwarding, .end):
            state = .idle
            context.fireChannelRead(data)
        default:
            // The rest of a request passed on (or a part out of order, which Hummingbird reports).
            context.fireChannelRead(data)
        }
    }

    /// Passes a request's head on to Hummingbird.
    private func pass(_ head: NIOAny, _ context: ChannelHandlerContext) {
        state = .forwarding
        unanswered += 1
        context.fireChannelRead(head)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered = max(0, unanswered - 1) }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, case .collecting = state {
            heldQuiesce = event
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        state = .idle
        context.fireChannelInactive()
    }

    /// Rate limit, redeem, write the answer, count and log it.
    private func answer(_ body: ByteBuffer, started: ContinuousClock.Instant, _ context: ChannelHandlerContext) {
        let refusal: APIError?
        if let client = context.channel.remoteAddress?.ipAddress,
            let wait = services.clientLimiter.take(client, now: services.limiterClock())
        {
            refusal = .rateLimited(retryAfter: wait)
        } else {
            refusal = TidepoolRoutes.redeem(Data(body.readableBytesView), services)
        }
        let status = refusal?.status ?? .accepted
        let bytes = refusal?.bodyBytes ?? TidepoolRoutes.acceptedBody
        // The headers Hummingbird's path writes, in its order.
        var headers = HTTPHeaders()
        for field in refusal?.headers ?? [:] { headers.add(name: field.name.canonicalName, value: field.value) }
        headers.add(name: "Content-Type", value: Response.jsonContentType)
        headers.add(name: "Content-Length", value: String(bytes.count))
        headers.add(name: "Date", value: dates.now())
        headers.add(name: "Server", value: LociServerName.value)
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase),
            headers: headers)
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        services.recordRequest(route: Self.path, method: "POST", status: status.code, elapsed: .now - started)
        services.metrics.count(Self.counter)
        if let event = heldQuiesce {
            heldQuiesce = nil
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Hummingbird adds its additional channel handlers after the conversion to Swift HTTP Types;
    /// this one, added there, puts an ``IngestFastPath`` just before that conversion (reading
    /// NIO's HTTP/1 parts saves converting the requests it answers) and removes itself. If the
    /// pipeline has no such conversion, no fast path is installed and ingest goes to the router.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        private let services: ServerServices

        init(services: ServerServices) { self.services = services }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
                try? pipeline.addHandler(IngestFastPath(services: services), position: .before(codec))
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

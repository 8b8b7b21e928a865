import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// A cap on open connections: past ``maximum`` a new connection's first request is answered
/// 503 "too many open connections" with `Retry-After` and the connection is closed, so held
/// connections cannot take the process to its file limit and starve `/health` (20,000 held
/// connections did). One per server; each connection gets its own ``handler()``.
final class ConnectionCap: Sendable {
    /// The most connections served at once.
    let maximum: Int
    private let open = Atomic<Int>(0)

    /// A cap of `maximum` connections.
    init(maximum: Int) { self.maximum = maximum }

    /// The connections open now.
    var count: Int { open.load(ordering: .relaxed) }

    /// A handler for one new connection's pipeline (after the HTTP codec).
    func handler() -> ConnectionCapHandler { ConnectionCapHandler(cap: self) }

    /// Counts a connection in; false when that makes more than ``maximum``.
    fileprivate func enter() -> Bool { open.wrappingAdd(1, ordering: .relaxed).newValue <= maximum }

    /// Counts a connection out.
    fileprivate func leave() { open.wrappingSubtract(1, ordering: .relaxed) }
}

/// Counts its connection while it is active; over the cap, answers the first request 503 and
/// closes, passing nothing on.
final class ConnectionCapHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let cap: ConnectionCap
    private var counted = false
    /// Over the cap: the first request is answered with the refusal.
    private var refused = false
    /// The refusal is written: everything else read is dropped until the connection closes.
    private var closing = false

    fileprivate init(cap: ConnectionCap) { self.cap = cap }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit() }
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    func channelActive(context: ChannelHandlerContext) {
        admit()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard refused else {
            context.fireChannelRead(data)
            return
        }
        guard !closing, case .head = unwrapInboundIn(data) else { return }
        closing = true
        let body = ByteBuffer(
            bytes: APIError(.serviceUnavailable, code: ._internal, "the server has too many open connections; retry later")
                .bodyBytes)
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = "\(body.readableBytes)"
        fields[.retryAfter] = "1"
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .serviceUnavailable, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        release()
    }

    private func admit() {
        guard !counted else { return }
        counted = true
        refused = !cap.enter()
    }

    private func release() {
        guard counted else { return }
        counted = false
        cap.leave()
    }
}

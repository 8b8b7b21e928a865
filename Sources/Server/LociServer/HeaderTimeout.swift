import NIOCore
import NIOHTTPTypes

/// Closes a connection that has not delivered a complete request head within ``timeout`` of
/// becoming ready for one (opening, or the previous answer written): the idle timeout is reset
/// by every byte, so a head trickled a byte at a time inside it was read for as long as the
/// client liked (up to the 80 KiB header limit, a byte every 29 s). One per connection, after
/// the HTTP codec, which passes a head on only once it is complete.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a head may take.
    let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Heads read and answers ended on this connection: the timer runs only while they are
    /// equal (no request being answered or queued behind another).
    private var heads = 0
    private var answers = 0

    /// A handler closing its connection when a head takes longer than `timeout`.
    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            heads += 1
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answers += 1
            if answers >= heads { arm(context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

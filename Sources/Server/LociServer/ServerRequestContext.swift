import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the client's address (for rate
/// limits only; it is never logged).
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, if known.
    public let clientAddress: String?
    /// The request's connection (``BodyLimitMiddleware`` stops reading it after a 413); nil for a
    /// request answered in process (``InProcessApplication``).
    let channel: (any Channel)?

    /// Creates the context for a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
        channel = source.channel
    }
}

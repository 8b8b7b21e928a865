import Hummingbird
import NIOCore

/// After a 413 the connection's input is shut and the answer says `Connection: close`:
/// Hummingbird would otherwise read (and discard) the rest of an oversized body before the next
/// request, however large it is (a client streamed 6.8 GB into one such connection). The answer
/// is still written; the connection then closes, and a keep-alive client, told so, does not send
/// its next request on it.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError where error.status == .contentTooLarge {
            response = try error.response(from: request, context: context)
        }
        guard response.status == .contentTooLarge else { return response }
        Self.closeInput(after: &response, context: context)
        return response
    }

    /// Says `Connection: close` on `response` and shuts the connection's input: the rest of the
    /// body is not read (also after a 408, ``BodyTimer``).
    static func closeInput(after response: inout Response, context: Context) {
        response.headers[.connection] = "close"
        context.channel?.close(mode: .input, promise: nil)
    }
}

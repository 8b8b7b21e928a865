import Hummingbird
import NIOCore

/// After a 413 the connection's input is shut: Hummingbird would otherwise read (and discard)
/// the rest of an oversized body before the next request, however large it is (a client
/// streamed 6.8 GB into one such connection). The answer is still written; the connection then
/// closes.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            let response = try await next(request, context)
            if response.status == .contentTooLarge { stopReading(context) }
            return response
        } catch let error as APIError where error.status == .contentTooLarge {
            stopReading(context)
            throw error
        }
    }

    private func stopReading(_ context: Context) {
        context.channel?.close(mode: .input, promise: nil)
    }
}

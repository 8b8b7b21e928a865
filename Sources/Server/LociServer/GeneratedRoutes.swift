import Foundation
import HTTPTypes
import Hummingbird
import LociAPI
import OpenAPIHummingbird
import OpenAPIRuntime
import ServerRepositories

/// The JSON routes: the handlers generated from openapi.yaml (`Generated/Server.swift`) over
/// ``LociAPIHandler``, each registered on the router behind a ``GeneratedRouteMiddleware``.
enum GeneratedRoutes {
    /// Registers every generated operation on `router`.
    static func add(to router: Router<ServerRequestContext>, services: ServerServices) {
        do {
            try LociAPIHandler(services: services).registerHandlers(
                on: LimitedTransport(router: router, services: services),
                configuration: Self.configuration)
        } catch {
            // Registering only adds routes to the router, which does not throw; the server
            // without its JSON routes would still answer, so say so loudly rather than stop.
            services.logger.critical(
                "the generated routes could not be registered",
                metadata: ["error": .string(String(describing: error))])
        }
    }

    /// The runtime's coding configuration: JSON as ``WireEncoding`` writes it (keys sorted,
    /// slashes unescaped, compact), not the runtime's default pretty printing.
    static let configuration = OpenAPIRuntime.Configuration(jsonEncodingOptions: [
        .sortedKeys, .withoutEscapingSlashes,
    ])

    /// The ingest route (its accepted answers are logged at `debug`, see ``ServerServices/recordRequest``).
    static let presencePath = "/v1/tidepool/presence"
}

/// Registers each generated handler on the Hummingbird router (through swift-openapi-hummingbird)
/// in a group of its own whose middleware enforces the route's body limit (ingest takes at most
/// ``TidepoolAPI/ingestBodyLimit(_:)``, every other route `maxBodyBytes`) and, for an operation
/// whose `security` requires a bearer token (``DocumentSecurity``), authenticates first.
struct LimitedTransport: ServerTransport {
    let router: Router<ServerRequestContext>
    let services: ServerServices

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let limit =
            path == GeneratedRoutes.presencePath
            ? TidepoolAPI.ingestBodyLimit(services) : services.configuration.maxBodyBytes
        let bearer = DocumentSecurity.bearerRequired.contains("\(method.rawValue) \(path)")
        router.group()
            .add(middleware: GeneratedRouteMiddleware(bodyLimit: limit, services: bearer ? services : nil))
            .register(handler, method: method, path: path)
    }
}

/// What a generated route needs before its handler runs: the caller authenticated when the
/// operation requires a token (401 before the body is read, as the hand-written routes
/// answered), the body read up to the route's limit
/// (413 `body_too_large` above it: the runtime itself reads bodies without a limit), read as JSON
/// whatever its `Content-Type` (as the routes always did), and the parts of the request the
/// generated input does not carry (``RequestScope``).
struct GeneratedRouteMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let bodyLimit: Int
    /// The services that authenticate the caller, for an operation that requires a token; nil
    /// when the operation does not (or only optionally) take one.
    var services: ServerServices?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        var device: DeviceRecord?
        if let services {
            device = try await services.authenticate(
                RequestScope(authorization: request.headers[.authorization], clientAddress: context.clientAddress))
        }
        let body = try await request.collectBody(limit: bodyLimit)
        // The routes have always read their body as JSON whatever `Content-Type` said, and answered
        // JSON whatever `Accept` asked; the runtime checks both (`Accept` only after the handler
        // has run), so both keep being ignored.
        var head = request.head
        head.headerFields[.accept] = nil
        if body.readableBytes > 0,
            head.headerFields[.contentType]?.lowercased().hasPrefix("application/json") != true
        {
            head.headerFields[.contentType] = "application/json"
        }
        request = Request(head: head, body: RequestBody(buffer: body))
        let scope = RequestScope(
            authorization: request.headers[.authorization], clientAddress: context.clientAddress, device: device)
        return try await RequestScope.$current.withValue(scope) { try await next(request, context) }
    }
}

/// The parts of a request a generated handler reads besides its typed input: the
/// `Authorization` header (security schemes are not generated into the input) and the client's
/// address (per-client registration limits). Bound by ``GeneratedRouteMiddleware`` for the
/// duration of one request.
struct RequestScope: Sendable {
    /// The `Authorization` header, if any.
    var authorization: String?
    /// The peer's IP address, if known (never logged).
    var clientAddress: String?
    /// The caller's device, when ``GeneratedRouteMiddleware`` authenticated it already.
    var device: DeviceRecord?

    /// The current request's scope (empty outside a request).
    @TaskLocal static var current = RequestScope()
}

extension Request {
    /// The body, at most `limit` bytes (413 above); the request keeps the collected body.
    mutating func collectBody(limit: Int) async throws(APIError) -> ByteBuffer {
        if let length = headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(
                .contentTooLarge, code: .bodyTooLarge, "the body has \(length) bytes, at most \(limit)")
        }
        do { return try await collectBody(upTo: limit) } catch let error as APIError {
            throw error  // the body's own timeout (408, ``BodyTimer``)
        } catch {
            throw APIError(.contentTooLarge, code: .bodyTooLarge, "the body is larger than \(limit) bytes")
        }
    }
}

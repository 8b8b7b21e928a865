import Foundation
import HTTPTypes
import Hummingbird
import LociAPI
import OpenAPIRuntime
import TidepoolTokens

/// Every error a request can end with, as the answer it gets: the one place codes are chosen
/// (by the error's type, never by its text). ``OutermostMiddleware`` answers with
/// ``APIError/init(answering:)``.
///
/// - ``APIError``: as it is (the handlers' refusals, the middleware's limits; a service's typed
///   error becomes one through its initialiser in `APIError+Services.swift`).
/// - `ServerError` (swift-openapi-runtime, wrapping what a generated route threw): its
///   underlying error. A `DecodingError` of a request body is 400 naming the member:
///   `invalid_json` for a body that is not JSON or not an object, `unknown_field` for a member
///   the closed schema does not name (with the allowed members), `missing_field`, and
///   `invalid_field` for a value of the wrong type; ingest keeps its own words
///   (``TokenError``). A query parameter that does not parse, or a missing required one, is
///   400 `invalid_parameter` / `missing_field` naming it. Other refusals of the runtime (a
///   content type it does not read) keep the runtime's 4xx status as `bad_request`.
/// - `HTTPError` (Hummingbird, before any route): one code per status.
/// - anything else: 500 `internal`, saying no more.
extension APIError {
    /// The answer for `error`.
    init(answering error: any Error) {
        switch error {
        case let error as APIError: self = error
        case let error as ServerError: self.init(serverError: error)
        case let error as HTTPError:
            let code: ErrorCode =
                switch error.status {
                case .notFound: .notFound
                case .methodNotAllowed: .methodNotAllowed
                case .contentTooLarge: .bodyTooLarge
                case .badRequest: .badRequest
                default: error.status.code < 500 ? .badRequest : ._internal
                }
            self.init(
                error.status, code: code,
                error.body ?? (error.status == .notFound ? "no such route" : error.status.reasonPhrase))
        default: self.init(.internalServerError, code: ._internal, "internal error")
        }
    }

    /// The answer for what a generated route threw.
    init(serverError: ServerError) {
        let operation = serverError.operationID
        switch serverError.underlyingError {
        case let error as APIError: self = error
        case let error as DecodingError where QueryRules.operations.contains(operation):
            self =
                QueryRules.missing(operation: operation, request: serverError.request)
                ?? QueryRules.refusal(error, operation: operation, request: serverError.request)
        case let error as DecodingError where operation == Operations.PostV1TidepoolPresence.id:
            self.init(TokenError(decoding: error))
        case let error as DecodingError:
            self.init(
                decoding: error, members: Self.members[operation] ?? [], words: Self.words[operation] ?? [:])
        default:
            let status = serverError.httpStatus
            if QueryRules.operations.contains(operation), status == .badRequest,
                let missing = QueryRules.missing(operation: operation, request: serverError.request)
            {
                self = missing
            } else if status.code >= 400, status.code < 500 {
                self.init(status, code: .badRequest, serverError.causeDescription)
            } else {
                self.init(.internalServerError, code: ._internal, "internal error")
            }
        }
    }

    /// A request body the generated decoder refused, naming the member; `members` are the
    /// closed schema's, `words` say what some of them must be (`platform` → `ios, android, web or
    /// unknown`) where the type alone would say less.
    init(decoding error: DecodingError, members: [String], words: [String: String] = [:]) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .badRequest(.invalidJson, "the body is not valid JSON")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            self = .badRequest(.invalidJson, "the body must be a JSON object")
        case .dataCorrupted(let context) where context.codingPath.count == 1:
            let member = context.codingPath[0].stringValue
            if members.contains(member) {
                self = .badRequest(
                    .invalidField,
                    "\(member) \(words[member].map { "must be \($0)" } ?? "has a value the schema does not allow")"
                )
            } else {
                self = .badRequest(
                    .unknownField,
                    "unknown member \"\(member)\"; allowed: \(members.sorted().joined(separator: ", "))")
            }
        case .keyNotFound(let key, let context):
            self = .badRequest(.missingField, "\(Self.path(context.codingPath + [key])) is required")
        case .valueNotFound(_, let context):
            // `null` for a member that may not be null reads as a missing member.
            self = .badRequest(.missingField, "\(Self.path(context.codingPath)) is required")
        case .typeMismatch(let type, let context):
            let path = Self.path(context.codingPath)
            self = .badRequest(.invalidField, "\(path) must be \(words[path] ?? Self.expected(type))")
        case .dataCorrupted(let context):
            self = .badRequest(
                .invalidField, "\(Self.path(context.codingPath)) has a value the schema does not allow")
        @unknown default:
            self = .badRequest(.invalidJson, "the body does not match the schema")
        }
    }

    /// `tags[0]`, `integrations.spotify`: where in the body a value is.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the body" : text
    }

    /// What a value of `type` is, in words: `a string`, `an integer`, `a finite number`.
    static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type: "a finite number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "of the documented type"
        }
    }

    /// The members of each closed request body, as the refusal of an unknown one lists them.
    static let members: [String: [String]] = [
        Operations.PostV1AuthAnonymous.id: names(
            Operations.PostV1AuthAnonymous.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PostV1AuthRefresh.id: names(
            Operations.PostV1AuthRefresh.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PostV1AuthLogin.id: names(
            Operations.PostV1AuthLogin.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PutV1Profile.id: names(Operations.PutV1Profile.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PostV1TidepoolTokens.id: names(
            Operations.PostV1TidepoolTokens.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PostV1TilesHeat.id: names(
            Operations.PostV1TilesHeat.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PostV1Favourites.id: names(
            Operations.PostV1Favourites.Input.Body.JsonPayload.CodingKeys.self),
        Operations.PutV1FavouritesIdRating.id: names(
            Operations.PutV1FavouritesIdRating.Input.Body.JsonPayload.CodingKeys.self),
    ]

    /// What members must be, in the words the hand-written routes used, where the type's own words
    /// would say less (the allowed values of an enum, an array's limits).
    static let words: [String: [String: String]] = [
        Operations.PostV1AuthAnonymous.id: [
            "platform": alternatives(
                Operations.PostV1AuthAnonymous.Input.Body.JsonPayload.PlatformPayload.self)
        ],
        Operations.PutV1Profile.id: ["tags": MemberLimits.tagsWords],
    ]

    /// `a, b, c or d`: the raw values of an enum.
    static func alternatives<Values: CaseIterable & RawRepresentable<String>>(_ values: Values.Type) -> String
    {
        let names = values.allCases.map(\.rawValue)
        return names.count < 2
            ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    static func names<Keys: CaseIterable & RawRepresentable<String>>(_ keys: Keys.Type) -> [String] {
        keys.allCases.map(\.rawValue)
    }

    /// A body in a content type the operation does not read (the generated handlers only
    /// receive JSON; the runtime refuses other types before them).
    static let unsupportedBody = APIError(.unsupportedMediaType, code: .badRequest, "the body must be JSON")

    /// 503 for a request cancelled at its deadline (``ServerConfiguration/requestDeadlineSeconds``)
    /// or by the server's shutdown.
    static let deadlineExceeded = APIError(
        .serviceUnavailable, code: .deadlineExceeded, "the request was stopped at its deadline; retry later")

    /// 408 for a body still arriving `seconds` after its request's head
    /// (``ServerConfiguration/bodyTimeoutSeconds``); the connection is then closed.
    static func bodyTimeout(_ seconds: Double) -> APIError {
        APIError(
            .requestTimeout, code: .deadlineExceeded,
            "the request body did not arrive within \(ServerSetting.Bounds<Double>.text(seconds)) s; retry on a faster connection")
    }
}

extension TokenError {
    /// An ingest body the generated decoder refused, in the words ingest has always used
    /// (`nonce: missing`, `epoch: must be an integer`, the closed schema's members).
    init(decoding error: DecodingError) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .malformed(field: "body", reason: "not valid JSON")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            self = .malformed(field: "body", reason: "not a JSON object")
        case .dataCorrupted(let context)
        where !TokenRedemption.jsonFields.contains(context.codingPath.first?.stringValue ?? ""):
            self = .unknownMember(context.codingPath.first?.stringValue ?? "")
        case .keyNotFound(let key, _): self = .malformed(field: key.stringValue, reason: "missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let field = context.codingPath.first?.stringValue ?? "body"
            self = .malformed(
                field: field, reason: type is String.Type ? "must be a string" : "must be an integer")
        case .dataCorrupted(let context):
            self = .malformed(
                field: context.codingPath.first?.stringValue ?? "body", reason: "must be an integer")
        @unknown default: self = .malformed(field: "body", reason: "not valid JSON")
        }
    }
}

/// What the query parameters of the generated GET routes must be, for the refusals the runtime's
/// query decoder cannot word (its errors name neither the parameter nor its range): the handlers
/// check the same ranges (``QueryLimits``).
enum QueryRules {
    /// Latitude, degrees.
    static let latitude = -90.0...90.0
    /// Longitude, degrees.
    static let longitude = -180.0...180.0
    /// Results.
    static let limit = 1...50
    /// Search radius, metres.
    static let searchRadius = 10.0...50_000
    /// Suggestions radius, metres.
    static let suggestionRadius = 10.0...20_000

    /// The operations with query parameters.
    static let operations: Set<String> = [
        Operations.GetV1PlacesSearch.id, Operations.GetV1PlacesSuggestions.id,
    ]

    /// Each operation's numeric parameters and what they must be, in the order they are checked.
    static func numbers(_ operation: String) -> [(name: String, integer: Bool, words: String)] {
        let radius = operation == Operations.GetV1PlacesSearch.id ? searchRadius : suggestionRadius
        return [
            ("lat", false, "a number in \(latitude.lowerBound)...\(latitude.upperBound)"),
            ("lon", false, "a number in \(longitude.lowerBound)...\(longitude.upperBound)"),
            ("radius", false, "a number in \(radius.lowerBound)...\(radius.upperBound)"),
            ("limit", true, "an integer in \(limit.lowerBound)...\(limit.upperBound)"),
        ]
    }

    /// The required parameters of each operation.
    static func required(_ operation: String) -> [String] {
        operation == Operations.GetV1PlacesSearch.id ? ["q"] : ["lat", "lon"]
    }

    /// The query of `request` as name → value.
    static func query(_ request: HTTPRequest) -> [String: String] {
        let query = URLComponents(string: request.path ?? "")?.queryItems ?? []
        var values: [String: String] = [:]
        for item in query { values[item.name] = item.value ?? "" }
        return values
    }

    /// The refusal of a parameter the runtime could not decode: the first that does not parse.
    static func refusal(_ error: DecodingError, operation: String, request: HTTPRequest) -> APIError {
        let values = query(request)
        for rule in numbers(operation) {
            guard let text = values[rule.name] else { continue }
            let parses = rule.integer ? Int(text) != nil : Double(text).map(\.isFinite) == true
            if !parses { return .badRequest(.invalidParameter, "\(rule.name) must be \(rule.words)") }
        }
        return .badRequest(.invalidParameter, "a query parameter does not parse")
    }

    /// The refusal of missing required parameters: `q is required`, `lat and lon are required`,
    /// or `lat and lon must be given together` when only one of them is there.
    static func missing(operation: String, request: HTTPRequest) -> APIError? {
        let values = query(request)
        let required = required(operation)
        let absent = required.filter { values[$0] == nil }
        guard !absent.isEmpty else { return nil }
        let names = required.joined(separator: " and ")
        if absent.count < required.count {
            return .badRequest(.invalidParameter, "\(names) must be given together")
        }
        return .badRequest(.missingField, "\(names) \(required.count == 1 ? "is" : "are") required")
    }
}

import Foundation

extension GooglePlacesClient {
    /// Decodes a 2xx body, naming the JSON path of the first value that does not fit.
    static func decode<Response: Decodable>(
        _ type: Response.Type, from data: Data, call: String
    ) throws(GooglePlacesError) -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch let error as DecodingError {
            let (path, message) = describe(error)
            throw .undecodableBody(call: call, path: path, message: message)
        } catch {
            throw .undecodableBody(call: call, path: "", message: "\(error)")
        }
    }

    /// The error for a non-2xx answer, from Google's error body when there is one.
    static func failure(call: String, status: Int, body: Data) -> GooglePlacesError {
        let detail = (try? JSONDecoder().decode(GoogleWire.ErrorBody.self, from: body))?.error
        let message =
            detail?.message
            ?? String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
        let googleStatus = detail?.status ?? ""
        switch status {
        case 400:
            return .invalidRequest(
                call: call, status: googleStatus.isEmpty ? "INVALID_ARGUMENT" : googleStatus, message: message
            )
        case 401, 403: return .badAPIKey(call: call, message: message)
        case 404: return .notFound(call: call, message: message)
        case 429: return .quotaExceeded(call: call, message: message)
        case 500..<600: return .serverError(call: call, httpStatus: status, message: message)
        default: return .unexpectedStatus(call: call, httpStatus: status, message: message)
        }
    }

    /// A decoding error as a JSON path (`places[3].location.latitude`) and what was wrong there.
    static func describe(_ error: DecodingError) -> (path: String, message: String) {
        func render(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return (render(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (render(context.codingPath), "missing \(type): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "missing key: \(context.debugDescription)")
        case .dataCorrupted(let context):
            return (render(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}

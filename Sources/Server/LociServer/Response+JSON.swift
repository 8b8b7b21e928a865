import Hummingbird
import LociWire

extension Response {
    /// The `Content-Type` of every JSON answer.
    static let jsonContentType = "application/json; charset=utf-8"

    /// A JSON response from a wire value (``WireEncoding``: the same text the CLI writes).
    /// - Throws: the encoder's error, which the middleware answers as 500 `internal`.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: jsonContentType],
            body: .init(byteBuffer: ByteBuffer(bytes: try WireEncoding.compact(value))))
    }

    /// A text response.
    static func text(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

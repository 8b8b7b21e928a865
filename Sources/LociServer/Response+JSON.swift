import Hummingbird

extension Response {
    /// The `Content-Type` of every JSON answer.
    static let jsonContentType = "application/json; charset=utf-8"

    /// A JSON response from a hand-built value.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: jsonContentType],
            body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(value))))
    }

    /// A text response.
    static func text(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

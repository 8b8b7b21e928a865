import Hummingbird

extension Response {
    /// A JSON response from a hand-built value.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(value))))
    }

    /// A text response.
    static func text(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

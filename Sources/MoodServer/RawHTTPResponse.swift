import NIOCore

/// A ``ServerError`` as the bytes of a complete HTTP/1.1 response that closes the connection,
/// for ``ConnectionGuard``, which answers below the HTTP codec: before a connection has one (a
/// connection over a cap) or when the codec can no longer be trusted (a request it refused).
enum RawHTTPResponse {
    static func bytes(for error: ServerError) -> ByteBuffer {
        let body = (try? JSONBody.encode(error.body)) ?? ByteBuffer()
        var head = "HTTP/1.1 \(error.status.code) \(error.status.reasonPhrase)\r\n"
        head += "Content-Type: \(JSONBody.contentType)\r\nContent-Length: \(body.readableBytes)\r\nConnection: close\r\n"
        for field in error.headers { head += "\(field.name.rawName): \(field.value)\r\n" }
        var bytes = ByteBuffer(string: head + "\r\n")
        bytes.writeImmutableBuffer(body)
        return bytes
    }
}

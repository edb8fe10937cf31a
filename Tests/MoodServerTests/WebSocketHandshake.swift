import SyncProtocol

/// The bytes of a WebSocket upgrade request to `/v1/subscribe`, for raw-socket tests.
enum WebSocketHandshake {
    /// A valid upgrade request, with `token` as the bearer token (none when `nil`) and `extra`
    /// header lines.
    static func request(token: String?, extra: [String] = []) -> String {
        let lines = [
            "GET \(SyncEndpoint.subscribe) HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", ProtocolVersion.headerLine,
        ] + (token.map { ["Authorization: Bearer \($0)"] } ?? []) + extra
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }
}

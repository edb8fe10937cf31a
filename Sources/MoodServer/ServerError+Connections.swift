import HTTPTypes
import NIOCore
import NIOHTTP1
import SyncProtocol

/// The answers to requests refused before they reach a route: a full server, a malformed
/// request, a request that is not for this server. Each is a complete JSON answer after which
/// the connection is closed, and none is a server fault: they are logged at debug level only.
extension ServerError {
    /// Every connection the server may serve at once is taken.
    static let serverBusy = Self(
        status: .serviceUnavailable, code: .serverBusy, message: "the server has too many connections; try again later",
        headers: [.retryAfter: "1"])
    /// The client's address has as many connections open as one address may.
    static let tooManyConnectionsFromAddress = Self(
        status: .serviceUnavailable, code: .serverBusy,
        message: "too many connections from your address; close some, or try again later", headers: [.retryAfter: "1"])
    /// `CONNECT`: the server is not a proxy.
    static let connectNotSupported = Self(
        status: .methodNotAllowed, code: .methodNotAllowed, message: "CONNECT is not supported: this server is not a proxy",
        headers: [.allow: SyncRoute.methodsUsed.map(\.rawValue).joined(separator: ", ")])
    /// A WebSocket upgrade request without the headers the handshake needs.
    static let invalidUpgrade = badRequest("a WebSocket upgrade needs one Sec-WebSocket-Key and Sec-WebSocket-Version: 13")
    /// A first request line without `HTTP/1.1` (HTTP/0.9's form), which the parser would wait on.
    static let noHTTPVersion = badRequest("the request line names no HTTP version: this server speaks HTTP/1.1")
    /// A WebSocket upgrade after other requests on the same connection.
    static let upgradeNotFirst = badRequest(
        "a WebSocket upgrade must be the first request on its connection: open a new connection for it")

    /// The answer to an error the HTTP parser met reading a request, or `nil` for an error that
    /// is not about the request's bytes.
    static func unreadableRequest(_ error: any Error) -> ServerError? {
        switch error {
        case HTTPParserError.headerOverflow:
            return ServerError(
                status: .requestHeaderFieldsTooLarge, code: .headerTooLarge, message: "the request's headers are too large")
        case let error as HTTPParserError:
            return badRequest("the request is not valid HTTP/1.1 (\(error))")
        default:
            return nil
        }
    }

    /// The answer to an error that is the client's doing rather than the server's — a body the
    /// HTTP parser refused, a connection lost or timed out while a route read the request — or
    /// `nil` for a server fault.
    static func clientFault(_ error: any Error) -> ServerError? {
        if let answer = unreadableRequest(error) { return answer }
        guard error is ChannelError || error is IOError || error is CancellationError else { return nil }
        return badRequest("the connection was lost while reading the request")
    }
}

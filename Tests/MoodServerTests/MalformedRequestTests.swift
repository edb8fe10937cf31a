import AppTesting
import Foundation
import MoodServer
import SyncProtocol
import Testing

/// Requests the HTTP layer refuses, sent on raw sockets: each gets a complete JSON 4xx and its
/// connection closed, and none is logged as an error.
@Suite(.hangGuard) struct MalformedRequestTests {
    /// Bytes to send (after a kept-alive request when `afterARequest`), and the answer they get.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var request: @Sendable (_ token: String) -> String
        var afterARequest = false
        var status: Int
        var code: String
        var testDescription: String { name }
    }

    static func upload(_ token: String, _ headers: String, _ body: String) -> String {
        "POST \(SyncEndpoint.moods) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\(ProtocolVersion.headerLine)\r\n\(headers)\r\n\r\n\(body)"
    }

    static let cases: [Case] = [
        Case(name: "bad chunk size", request: { upload($0, "Transfer-Encoding: chunked", "zz\r\n{}\r\n0\r\n\r\n") }, status: 400, code: "invalid_request"),
        Case(name: "unknown transfer-encoding", request: { upload($0, "Transfer-Encoding: gzip", "{}") }, status: 400, code: "invalid_request"),
        Case(name: "CONNECT", request: { _ in "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n" }, status: 405, code: "method_not_allowed"),
        Case(name: "garbage request line", request: { _ in "HELLO THERE\r\n\r\n" }, status: 400, code: "invalid_request"),
        Case(name: "request line without a version", request: { _ in "GET /healthz\r\n\r\n" }, status: 400, code: "invalid_request"),
        // HTTP/0.9's whole request: the parser waits for more, so only an answer at once ends it.
        Case(name: "HTTP/0.9 request line alone", request: { _ in "GET /healthz\r\n" }, status: 400, code: "invalid_request"),
        Case(name: "headers too large", request: { _ in "GET /healthz HTTP/1.1\r\nX-Big: \(String(repeating: "x", count: 100_000))\r\n\r\n" },
             status: 431, code: "header_too_large"),
        Case(name: "WebSocket upgrade on a kept-alive connection", request: { WebSocketHandshake.request(token: $0) }, afterARequest: true,
             status: 400, code: "invalid_request"),
        Case(name: "WebSocket upgrade without a key", request: { token in
            "GET \(SyncEndpoint.subscribe) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nAuthorization: Bearer \(token)\r\n\(ProtocolVersion.headerLine)\r\n\r\n"
        }, status: 400, code: "invalid_request"),
        Case(name: "WebSocket upgrade of an unknown path", request: { token in
            WebSocketHandshake.request(token: token).replacingOccurrences(of: SyncEndpoint.subscribe, with: "/v1/elsewhere")
        }, status: 404, code: "not_found"),
    ]

    @Test(arguments: cases)
    func aRequestTheHTTPLayerRefusesGetsACompleteJSONAnswerAndItsConnectionClosed(_ bad: Case) async throws {
        let logs = CapturedLogs()
        try await TestServer.run(.inMemory, over: .socket, logs: logs) { server in
            let connection = try RawConnection(port: server.port)
            var skip = 0
            if bad.afterARequest {
                try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(await waitUntil { connection.readAvailable() || RawResponse(connection.bytes)?.isComplete == true })
                let first = try #require(RawResponse(connection.bytes))
                #expect(first.status == 200)
                skip = connection.bytes.count
            }
            try connection.send(bad.request(server.aliceToken))
            #expect(await connection.waitUntilClosed())
            let response = try #require(RawResponse(Array(connection.bytes.dropFirst(skip))), "\(connection.bytes)")
            #expect(response.status == bad.status, "\(response)")
            #expect(response.isComplete, "\(response)")
            #expect(response.error?.error == bad.code, "\(response)")
            #expect(response.headers["connection"] == "close")
            #expect(try await server.logSizes() == [0, 0])
        }
        #expect(logs.errors.isEmpty, "\(logs.errors)")
    }

    /// `curl --http2` asks an `http://` server to switch to HTTP/2 (`Upgrade: h2c`); a server that
    /// does not take it answers the request as HTTP/1.1, as RFC 9110 says.
    @Test(arguments: ["h2c", "TLS/1.2"])
    func anUpgradeTheServerDoesNotTakeIsIgnoredAndTheRequestAnswered(_ protocolName: String) async throws {
        try await TestServer.run(.inMemory, over: .socket) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("""
                GET \(SyncEndpoint.health) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: \(protocolName)\r\n\
                HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n
                """)
            #expect(await waitUntil { connection.readAvailable() || RawResponse(connection.bytes)?.isComplete == true })
            let response = try #require(RawResponse(connection.bytes), "\(connection.bytes)")
            #expect(response.status == 200 && response.isComplete, "\(response)")
            #expect(response.headers["connection"] == "close", "the parser reads nothing after an upgrade request")
            #expect(await connection.waitUntilClosed())
        }
    }
}

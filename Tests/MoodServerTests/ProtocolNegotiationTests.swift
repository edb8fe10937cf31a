import AppTesting
import Foundation
import HTTPTypes
import SyncProtocol
import Testing

/// Every request says which protocol version it speaks; one of another version is refused in
/// words naming the side to update, before anything is read or written.
@Suite(.hangGuard) struct ProtocolNegotiationTests {
    /// What a protocol 1 client sent: no version header, a mood without stamps.
    static let protocol1Upload = #"""
        {"moods": [{"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "date": 1795000000000, "modifiedAt": 1795000000000, "level": 3, "creatorID": "x"}]}
        """#

    @Test(arguments: [(HTTPRequest.Method.post, SyncEndpoint.moods), (.get, SyncEndpoint.changes), (.get, SyncEndpoint.account)])
    func aClientOfAnOlderVersionIsToldToUpdateItselfAndNothingIsWritten(method: HTTPRequest.Method, path: String) async throws {
        try await TestServer.run(.sqlite) { server in
            var old = server.alice()
            old.protocolVersion = nil
            let response = try await old.raw(method, path, body: method == .post ? Self.protocol1Upload : nil)
            #expect(response.status == .serviceUnavailable, "the one answer a protocol 1 client shows in words and retries later")
            let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body)
            #expect(error.code == .protocolMismatch)
            #expect(error.message == "the server speaks moodtui sync protocol \(ProtocolVersion.current) and this device protocol 1: update moodtui on this device")
            #expect(try await server.alice().changes().changes.isEmpty)
        }
    }

    @Test func aProtocol4ClientsUnsignedDeletionIsAnsweredInWordsAndDeletesNothing() async throws {
        try await TestServer.run(.sqlite) { server in
            let mood = Fixtures.upload(note: "kept")
            _ = try await server.alice().upload([mood])
            var old = server.alice()
            old.protocolVersion = 4
            let response = try await old.raw(.post, SyncEndpoint.deletions, body: #"{"ids": ["\#(mood.id.uuidString)"]}"#)
            let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body)
            #expect(error.code == .protocolMismatch)
            #expect(error.message == "the server speaks moodtui sync protocol \(ProtocolVersion.current) and this device protocol 4: update moodtui on this device")
            #expect(try await server.alice().changes().changes.map(\.id) == [mood.id], "the mood stays")
        }
    }

    @Test func aClientOfANewerVersionIsToldToUpdateTheServer() async throws {
        try await TestServer.run(.inMemory) { server in
            var newer = server.alice()
            newer.protocolVersion = ProtocolVersion.current + 1
            let response = try await newer.raw(.get, SyncEndpoint.changes)
            let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body)
            #expect(error.message == "the server speaks moodtui sync protocol \(ProtocolVersion.current) and this device protocol \(ProtocolVersion.current + 1): update moodtui serve on the server")
        }
    }

    @Test func aPushSocketOfAnOlderClientIsRefusedAndAnswersCarryTheVersion() async throws {
        try await TestServer.run(.inMemory, over: .socket) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(WebSocketHandshake.request(token: server.aliceToken).replacingOccurrences(of: ProtocolVersion.headerLine + "\r\n", with: ""))
            #expect(await connection.waitUntilClosed())
            let response = try #require(RawResponse(connection.bytes))
            #expect(response.status == 503)
            #expect(response.error?.code == .protocolMismatch)
            #expect(response.headers[ProtocolVersion.header.lowercased()] == String(ProtocolVersion.current))
            #expect(response.headers["retry-after"] != nil)
        }
    }

    @Test func anErrorAnswerSaysTheVersionAsASuccessDoes() async throws {
        try await TestServer.run(.inMemory, over: .socket) { server in
            for request in [
                "GET \(SyncEndpoint.changes) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(ProtocolVersion.headerLine)\r\nConnection: close\r\n\r\n",
                "GET \(SyncEndpoint.account) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.aliceToken)\r\n"
                    + "\(ProtocolVersion.headerLine)\r\nConnection: close\r\n\r\n",
            ] {
                let connection = try RawConnection(port: server.port)
                try connection.send(request)
                #expect(await connection.waitUntilClosed())
                let response = try #require(RawResponse(connection.bytes))
                #expect([401, 200].contains(response.status), "\(response)")
                #expect(response.headers[ProtocolVersion.header.lowercased()] == String(ProtocolVersion.current), "\(response)")
            }
        }
    }
}

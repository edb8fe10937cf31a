import AppTesting
import Foundation
import HummingbirdWSClient
import MoodServer
import NIOWebSocket
import ServerStorage
import SyncProtocol
import Testing

/// Sockets follow their token: revoking a token, or an account's tokens, closes its open
/// WebSockets at once with 1008, and no other socket.
@Suite(.hangGuard) struct RevocationTests {
    @Test(arguments: StorageBackEnd.allCases)
    func revokingATokenClosesItsSocketWith1008WhileAnotherTokensSocketOfTheAccountStaysOpen(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let laptopToken = DeviceToken.generate()
            _ = try await server.storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(laptopToken))
            let phone = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "phone")
            let laptop = PushTests.Subscription(port: server.port, token: laptopToken, device: "laptop")
            #expect(await waitUntil { server.hub.count == 2 && phone.connected && laptop.connected })

            _ = try await server.storage.revokeToken(hash: DeviceToken.hash(laptopToken))
            #expect(await waitUntil { laptop.finished })
            #expect(laptop.closeCode == .policyViolation)
            #expect(!phone.finished)
            // The phone's socket still hears of writes.
            _ = try await server.alice(device: "tablet").upload([Fixtures.upload(note: "after the revocation")])
            #expect(await waitUntil { phone.messages.count == 1 })
            #expect(laptop.messages.isEmpty)
            phone.task.cancel()
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func revokingAnAccountClosesEachOfItsSocketsButNotAnotherAccounts(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let phone = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "phone")
            let laptop = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "laptop")
            let bobsPhone = PushTests.Subscription(port: server.port, token: server.bobToken, device: "phone")
            #expect(await waitUntil { server.hub.count == 3 && [phone, laptop, bobsPhone].allSatisfy(\.connected) })

            let revoked = try await server.storage.revokeAllTokens(ofAccount: "alice")
            #expect(revoked == 1)
            #expect(await waitUntil { phone.finished && laptop.finished })
            #expect(phone.closeCode == .policyViolation)
            #expect(laptop.closeCode == .policyViolation)
            #expect(!bobsPhone.finished)
            #expect(server.hub.count == 1)
            bobsPhone.task.cancel()
        }
    }

    @Test func anUnauthorisedUpgradeGets401WithTheJSONErrorAndIsClosed() async throws {
        try await TestServer.run(.inMemory, over: .socket) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(WebSocketHandshake.request(token: "mt_not-a-token"))
            #expect(await connection.waitUntilClosed())
            let response = try #require(RawResponse(connection.bytes))
            #expect(response.status == 401)
            #expect(response.isComplete)
            #expect(response.error?.error == "unauthorized")
            #expect(response.headers["www-authenticate"] == "Bearer")
            #expect(server.hub.count == 0)
        }
    }
}

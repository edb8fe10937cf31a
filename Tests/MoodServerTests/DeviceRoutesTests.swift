import AppTesting
import Foundation
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// `GET /v1/devices` and `DELETE /v1/devices/ID`: a device sees its account's devices and can
/// revoke another, whose token stops working and whose socket closes at once; no other account's.
@Suite(.hangGuard) struct DeviceRoutesTests {
    private func list(_ client: APIClient) async throws -> [ListedDevice] {
        let response = try await client.raw(.get, SyncEndpoint.devices)
        try #require(response.status == .ok, "\(String(decoding: response.body, as: UTF8.self))")
        return try JSONDecoder().decode(DeviceListResponse.self, from: response.body).devices
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theListNamesEveryTokenOfTheAccountOldestFirstAndMarksTheAsker(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let laptopToken = DeviceToken.generate()
            _ = try await server.storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(laptopToken), device: try DeviceName("laptop"))
            let devices = try await list(APIClient(server.client, token: laptopToken))
            let made = [server.aliceToken, laptopToken].map { DeviceTokenID(tokenHash: DeviceToken.hash($0)) }  // in this order
            try #require(devices.count == 2)
            #expect(Set(devices.map(\.id)) == Set(made))
            #expect(devices.filter(\.current).map(\.name?.text) == ["laptop"], "the asker, and only it")
            #expect(devices.filter { !$0.current }.map(\.name?.text) == [nil])
            // Oldest first. Two tokens made in the same millisecond (a fast machine makes both
            // within one) stand in the order of their hashes, on every back end.
            #expect(devices[0].addedAt <= devices[1].addedAt)
            if devices[0].addedAt < devices[1].addedAt { #expect(devices.map(\.id) == made) }
            #expect(try await list(server.bob()).count == 1, "bob sees only his own device")
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func revokingADeviceEndsItsTokenAndSocketButNotAnotherAccountsDevice(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let phoneToken = DeviceToken.generate()
            _ = try await server.storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(phoneToken), device: try DeviceName("phone"))
            let phoneID = DeviceTokenID(tokenHash: DeviceToken.hash(phoneToken))
            let socket = PushTests.Subscription(port: server.port, token: phoneToken, device: "phone")
            #expect(await waitUntil { socket.connected })

            let bobsTry = try await server.bob().raw(.delete, SyncEndpoint.device(phoneID))
            #expect(bobsTry.status == .notFound, "another account's device is not found")
            #expect(String(decoding: bobsTry.body, as: UTF8.self).contains(SyncErrorCode.unknownDevice.rawValue))
            #expect(try await APIClient(server.client, token: phoneToken).raw(.get, SyncEndpoint.account).status == .ok)

            #expect(try await server.alice().raw(.delete, SyncEndpoint.device(phoneID)).status == .noContent)
            #expect(await waitUntil { socket.finished })
            #expect(socket.closeCode == .policyViolation)
            #expect(try await APIClient(server.client, token: phoneToken).raw(.get, SyncEndpoint.account).status == .unauthorized)
            #expect(try await list(server.alice()).count == 1)
            #expect(try await server.alice().raw(.delete, SyncEndpoint.device(phoneID)).status == .notFound, "revoked already")
            #expect(try await server.alice().raw(.delete, SyncEndpoint.devices + "/laptop").status == .badRequest)
        }
    }
}

import AppTesting
import Foundation
import MoodSealing
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// `PUT /v1/account/device-key` and the hand-overs of `PUT /v1/account/key`: the server keeps a
/// device's key only as the account's key signed it for that device, and gives each device the
/// key wrapped for it, no other's.
@Suite(.hangGuard) struct DeviceKeyRoutesTests {
    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func id(_ token: String) -> DeviceTokenID { DeviceTokenID(tokenHash: DeviceToken.hash(token)) }

    @Test func aDeviceKeyIsKeptOnlyAsTheAccountsKeySignedItForThatDevice() async throws {
        try await TestServer.run(.inMemory) { server in
            let key = AccountKey(), phoneKey = DeviceKey(), phoneToken = DeviceToken.generate()
            let alice = try await server.storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(phoneToken))
            _ = try await server.storage.changeKey(KeyChange(keyID: key.id, signingKey: key.signingKey, replaces: nil, unchangedSince: 0), in: alice)
            let phone = APIClient(server.client, token: phoneToken)
            let register = { (registration: DeviceKeyRegistration) in try await phone.raw(.put, SyncEndpoint.deviceKey, body: try Self.json(registration)) }

            let forLaptop = phoneKey.registration(device: Self.id(server.aliceToken), account: alice.publicID, signedWith: key)
            #expect(try await register(forLaptop).status == .forbidden, "signed for another device")
            let stranger = AccountKey()
            var forged = phoneKey.registration(device: Self.id(phoneToken), account: alice.publicID, signedWith: stranger)
            #expect(try await register(forged).status == .conflict, "under a key the account does not have")
            forged.keyID = key.id
            #expect(try await register(forged).status == .forbidden, "signed by a key that is not the account's")
            #expect(try await server.storage.devices(in: alice).allSatisfy { $0.key == nil }, "nothing kept")

            let registration = phoneKey.registration(device: Self.id(phoneToken), account: alice.publicID, signedWith: key)
            #expect(try await register(registration).status == .noContent)
            let listed = try JSONDecoder().decode(DeviceListResponse.self, from: try await server.alice().raw(.get, SyncEndpoint.devices).body)
            #expect(listed.devices.first { $0.id == Self.id(phoneToken) }?.key == registration)
        }
    }

    @Test func eachDeviceFindsTheKeyWrappedForItAndOnlyARotationCarriesThem() async throws {
        try await TestServer.run(.inMemory) { server in
            let old = AccountKey(), new = AccountKey(), phoneKey = DeviceKey(), phoneToken = DeviceToken.generate()
            let alice = try await server.storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(phoneToken))
            _ = try await server.storage.changeKey(KeyChange(keyID: old.id, signingKey: old.signingKey, replaces: nil, unchangedSince: 0), in: alice)
            let wrapped = try KeyHandOverSeal.wrap(new, for: phoneKey.publicKey, device: Self.id(phoneToken), account: alice.publicID)
            let statement = SignedStatement.keyChange(account: alice.publicID, key: new.id, signingKey: new.signingKey, replaces: old.id)
            var rotation = KeyChangeRequest(
                keyID: new.id, signingKey: new.signingKey, replaces: old.id, since: nil, proof: old.sign(statement),
                handOvers: [DeviceHandOver(device: Self.id(phoneToken), wrapped: wrapped)], shareRecords: [])
            rotation.handOvers! += rotation.handOvers!
            #expect(try await server.alice().raw(.put, SyncEndpoint.accountKey, body: try Self.json(rotation)).status == .badRequest, "one device twice")
            rotation.handOvers!.removeLast()
            #expect(try await server.alice().raw(.put, SyncEndpoint.accountKey, body: try Self.json(rotation)).status == .ok)

            let phone = try JSONDecoder().decode(AccountResponse.self, from: try await APIClient(server.client, token: phoneToken).raw(.get, SyncEndpoint.account).body)
            let handOver = try #require(phone.handOver)
            #expect(try KeyHandOverSeal.open(handOver, with: phoneKey, device: Self.id(phoneToken), account: alice.publicID, holding: old) == new)
            let laptop = try JSONDecoder().decode(AccountResponse.self, from: try await server.alice().raw(.get, SyncEndpoint.account).body)
            #expect(laptop.handOver == nil, "nothing was wrapped for the laptop")

            // A device that missed the rotation signs with the old key: told the key changed
            // (it may have been handed the new one), not that it lacks authority.
            let mood = UUID()
            let lateDeletion = MoodDeletion(
                id: mood, proof: DeletionProof(keyID: old.id, signature: old.sign(.deletion(account: alice.publicID, mood: mood, key: old.id))))
            let refusedDeletion = try await server.alice().raw(.post, SyncEndpoint.deletions, body: try Self.json(DeletionRequest(deletions: [lateDeletion])))
            #expect(refusedDeletion.status == .conflict && String(decoding: refusedDeletion.body, as: UTF8.self).contains(SyncErrorCode.keyChanged.rawValue))
            var forged = lateDeletion
            forged.proof?.keyID = new.id
            #expect(try await server.alice().raw(.post, SyncEndpoint.deletions, body: try Self.json(DeletionRequest(deletions: [forged]))).status == .forbidden)

            let first = AccountKey()
            let bobsFirstKey = KeyChangeRequest(
                keyID: first.id, signingKey: first.signingKey, replaces: nil, since: nil, proof: nil,
                handOvers: [DeviceHandOver(device: Self.id(server.bobToken), wrapped: wrapped)])
            let refused = try await server.bob().raw(.put, SyncEndpoint.accountKey, body: try Self.json(bobsFirstKey))
            #expect(refused.status == .badRequest, "an account's first key replaces none: nothing to hand over")
            #expect(String(decoding: refused.body, as: UTF8.self).contains("only a change that replaces the account's key"))
        }
    }
}

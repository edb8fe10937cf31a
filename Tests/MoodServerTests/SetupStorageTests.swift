import AppTesting
import Foundation
import MoodKit
import ServerStorage
import SyncProtocol
import Testing

/// The account's setup in every storage back end: kept one version after another only when
/// based on the version stored, sealed with the account's key (or plain in an account without
/// one), reported with every page of the feed, and never another account's.
@Suite(.hangGuard) struct SetupStorageTests {
    private static func sealed(_ key: AccountKeyID, filler: UInt8 = 7) throws -> SetupPayload {
        .sealed(try SealedContent(bytes: [SealedContent.formatVersion] + key.bytes + [UInt8](repeating: filler, count: 60)))
    }

    private static let plain = SetupPayload.plain(SetupContent(scales: [
        Scale(name: try! ScaleName.normalized("sleep"), kind: .yesNo, at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "a")),
    ]))

    @Test(arguments: StorageBackEnd.allCases)
    func aSetupIsKeptOnlyOnTheVersionItWasBasedOn(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        let bob = try await storage.addDevice(toAccount: "bob", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        #expect(try await storage.setup(of: alice) == SetupResponse(version: 0, payload: nil))

        guard case .stored(let first, _) = try await storage.storeSetup(SetupUpload(baseVersion: 0, payload: Self.plain), in: alice, from: nil)
        else { Issue.record("the first setup was not kept"); return }
        #expect(first == 1)
        #expect(try await storage.setup(of: alice) == SetupResponse(version: 1, payload: Self.plain))
        #expect(try await storage.storeSetup(SetupUpload(baseVersion: 0, payload: Self.plain), in: alice, from: nil) == .versionMoved)
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).setupVersion == 1, "the feed reports the version")
        #expect(try await storage.setup(of: bob) == SetupResponse(version: 0, payload: nil), "another account's is its own")
        #expect(try await storage.changes(in: bob, after: 0, limit: 10).setupVersion == 0)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aSealedAccountKeepsOnlyASetupSealedWithItsKey(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        var alice = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        await #expect(throws: KeyMismatch.self, "sealed in an account without a key") {
            try await storage.storeSetup(SetupUpload(baseVersion: 0, payload: try Self.sealed(AccountKeyStorageTests.first)), in: alice, from: nil)
        }
        let keyed = try await storage.changeKey(
            KeyChange(keyID: AccountKeyStorageTests.first, signingKey: AccountKeyStorageTests.signing, replaces: nil, unchangedSince: 0), in: alice)
        guard case .changed(let changed, _) = keyed else { Issue.record("\(keyed)"); return }
        alice = changed
        for refused in [Self.plain, try Self.sealed(AccountKeyStorageTests.second)] {
            await #expect(throws: KeyMismatch.self) { try await storage.storeSetup(SetupUpload(baseVersion: 0, payload: refused), in: alice, from: nil) }
        }
        #expect(try await storage.setup(of: alice).version == 0, "nothing was written")
        let sealed = try Self.sealed(AccountKeyStorageTests.first)
        #expect(try await storage.storeSetup(SetupUpload(baseVersion: 0, payload: sealed), in: alice, from: nil) != .versionMoved)
        #expect(try await storage.setup(of: alice) == SetupResponse(version: 1, payload: sealed))
    }
}

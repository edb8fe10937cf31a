import AppTesting
import Foundation
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// An account's key in every storage back end: set once by the first device, changed only by a
/// device that knew the key and every change, and from then on the only key uploads may carry.
@Suite(.hangGuard) struct AccountKeyStorageTests {
    static let first = AccountKeyID(hex: "0123456789abcdef")!
    static let second = AccountKeyID(hex: "fedcba9876543210")!
    static let signing = AccountSigningKey(bytes: Array(repeating: 3, count: AccountSigningKey.byteCount))!

    private func account(_ storage: any MoodServerStorage) async throws -> Account {
        try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
    }

    static func sealed(_ key: AccountKeyID, _ id: UUID = UUID(), filler: UInt8 = 7) throws -> MoodUpload {
        let bytes = [SealedContent.formatVersion] + key.bytes + [UInt8](repeating: filler, count: 60)
        return MoodUpload(id: id, payload: .sealed(try SealedContent(bytes: bytes)), baseVersion: nil)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theFirstKeyIsTakenOnlyByAnAccountThatNeverChanged(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        let made = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: alice)
        guard case .changed(let changed, latestSequence: 0) = made else { Issue.record("\(made)"); return }
        #expect(changed.keyID == Self.first)
        let again = try await storage.changeKey(KeyChange(keyID: Self.second, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: alice)
        #expect(again == .keyChanged(current: Self.first), "a second first device loses")

        let plain = try await storage.addDevice(toAccount: "bob", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        _ = try await storage.upsert([Fixtures.upload(note: "written before keys")], in: plain)
        let late = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: plain)
        #expect(late == .changesSince, "an account with moods keeps them plain until a device has them all")
        let caughtUp = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 1), in: plain)
        #expect(caughtUp == .changed(Account(id: plain.id, name: "bob", publicID: plain.publicID, keyID: Self.first, signingKey: Self.signing), latestSequence: 1))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func uploadsMustCarryTheAccountsKeyAndNothingIsWrittenOtherwise(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        await #expect(throws: KeyMismatch.self, "sealed, in an account without a key") {
            try await storage.upsert([try Self.sealed(Self.first)], in: alice)
        }
        _ = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: alice)
        let saved = try await storage.upsert([try Self.sealed(Self.first)], in: alice)
        #expect(saved.saved.count == 1)
        for refused in [[Fixtures.upload(note: "plain")], [try Self.sealed(Self.first), try Self.sealed(Self.second)]] {
            await #expect(throws: KeyMismatch.self) { try await storage.upsert(refused, in: alice) }
        }
        let page = try await storage.changes(in: alice, after: 0, limit: 10)
        #expect(page.changes.count == 1, "a refused request writes nothing, not even its good moods")
        #expect(page.keyID == Self.first)

        let stale = try await storage.changeKey(KeyChange(keyID: Self.second, signingKey: Self.signing, replaces: Self.first, unchangedSince: 0), in: alice)
        #expect(stale == .changesSince)
        _ = try await storage.changeKey(KeyChange(keyID: Self.second, signingKey: Self.signing, replaces: Self.first, unchangedSince: 1), in: alice)
        await #expect(throws: KeyMismatch.self, "the old key, after a rotation") { try await storage.upsert([try Self.sealed(Self.first)], in: alice) }
        #expect(try await storage.upsert([try Self.sealed(Self.second)], in: alice).saved.count == 1)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aRetriedSealedUploadIsRecognisedAsUnchanged(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await account(storage)
        _ = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: alice)
        let upload = try Self.sealed(Self.first)
        let results = [try await storage.upsert([upload], in: alice), try await storage.upsert([upload], in: alice)]
        #expect(results.map(\.changedAnything) == [true, false])
        var edited = try Self.sealed(Self.first, upload.id, filler: 8)
        edited.baseVersion = 1
        #expect(try await storage.upsert([edited], in: alice).changedAnything)
    }

    @Test func aSigningKeyIsRegisteredOnceForAKeyFromBeforeSigningKeys() {
        let other = AccountSigningKey(bytes: Array(repeating: 4, count: AccountSigningKey.byteCount))!
        let registration = KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: Self.first, unchangedSince: 0)
        #expect(registration.registersSigningKey)
        #expect(AccountKeyRule.refusal(of: registration, current: Self.first, signingKey: nil, latestSequence: 9) == nil, "no token needed")
        #expect(AccountKeyRule.refusal(of: registration, current: Self.first, signingKey: Self.signing, latestSequence: 9) == nil, "again")
        #expect(AccountKeyRule.refusal(of: registration, current: Self.first, signingKey: other, latestSequence: 9) == .signingKeyDiffers)
        #expect(AccountKeyRule.refusal(of: registration, current: Self.second, signingKey: nil, latestSequence: 9) == .keyChanged(current: Self.second))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theSigningKeyAndEachDeletionsProofAreKeptAndGivenBack(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let token = DeviceToken.hash(DeviceToken.generate())
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: token)
        _ = try await storage.changeKey(KeyChange(keyID: Self.first, signingKey: Self.signing, replaces: nil, unchangedSince: 0), in: alice)
        let keyed = try #require(try await storage.account(forTokenHash: token))
        #expect(keyed.signingKey == Self.signing)

        let upload = try Self.sealed(Self.first)
        _ = try await storage.upsert([upload], in: keyed)
        let proof = DeletionProof(keyID: Self.first, signature: AccountSignature(bytes: Array(repeating: 9, count: AccountSignature.byteCount))!)
        _ = try await storage.delete([MoodDeletion(id: upload.id, proof: proof)], in: keyed)
        #expect(try await storage.changes(in: keyed, after: 1, limit: 10).changes == [.delete(MoodDeletion(id: upload.id, proof: proof))])
        let late = try await storage.upsert([upload], in: keyed)
        #expect(late.conflicts == [MoodConflict(id: upload.id, reason: .deleted, server: nil, deletion: proof)], "a late upload learns why")
    }
}
